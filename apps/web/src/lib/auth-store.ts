import { accountEndpoints, authEndpoints, MESSAGES, type User } from '@verity/shared';
import { create } from 'zustand';
import { toast } from '../components/ui/toast';
import { api, isApiError, onUnauthorised } from './api-client';
import { queryClient } from './query-client';
import { clearStoredSession, getAccessToken, setAccessToken, setStoredUser } from './session-storage';

export interface AuthState {
  initialised: boolean;
  authenticated: boolean;
  user: User | null;
  /**
   * Startup could not load the profile for a stored token (no answer, a server failure): the
   * session is neither restored nor ended, and the guard offers 'Try Again' (retryProfile).
   */
  profileLoadFailed: boolean;
  /** Startup: restore the session from a stored token (runs once; later calls share the first). */
  initialise: () => Promise<void>;
  /** 'Try Again' after a failed profile load at startup. */
  retryProfile: () => Promise<void>;
  /** Store the token from auth/login, load the profile and sign the user in. */
  login: (token: string) => Promise<User>;
  /**
   * Sign out on the server, then clear the session and say so; true when signed out. When the
   * server refuses or cannot be reached the user stays signed in and is told with
   * `failureMessage` (one of SPEC §8's logout failure messages); false. A 401 means the server
   * has no such session any more, so that is a sign-out too.
   */
  logout: (failureMessage?: string) => Promise<boolean>;
  setUser: (user: User) => void;
  /** Forget the session locally without a toast (a rejected token, a failed restore). */
  clearSession: () => void;
  /**
   * The stored session being restored, which every caller of `initialise` shares until it ends.
   * Held in the store, so that putting the store back to its first state forgets it too.
   */
  restoring: Promise<void> | null;
}

export const useAuthStore = create<AuthState>()((set, get) => ({
  initialised: false,
  authenticated: false,
  user: null,
  profileLoadFailed: false,

  retryProfile: () => {
    set({ profileLoadFailed: false });
    return get().initialise();
  },

  restoring: null,

  initialise: () => {
    if (get().initialised) return Promise.resolve();
    const pending = get().restoring;
    if (pending) return pending;
    const restoring = restoreSession().finally(() => {
      if (get().restoring === restoring) set({ restoring: null });
    });
    set({ restoring });
    return restoring;
  },

  login: async (token) => {
    setAccessToken(token);
    try {
      const user = await api(accountEndpoints.info);
      setStoredUser(user);
      set({ initialised: true, authenticated: true, user, profileLoadFailed: false });
      void queryClient.invalidateQueries({ queryKey: ['flags'] });
      return user;
    } catch (error) {
      clearStoredSession();
      throw error;
    }
  },

  logout: async (failureMessage = MESSAGES.logoutFailed) => {
    try {
      // This screen reports the failure itself (the toast), so the call raises no error dialog.
      await api(authEndpoints.signout, undefined, { background: true });
    } catch (error) {
      if (!(isApiError(error) && error.status === 401)) {
        toast.error(failureMessage);
        return false;
      }
    }
    get().clearSession();
    toast.success(MESSAGES.loggedOut);
    return true;
  },

  setUser: (user) => {
    setStoredUser(user);
    set({ user });
  },

  clearSession: () => {
    clearStoredSession();
    set({ initialised: true, authenticated: false, user: null, profileLoadFailed: false });
    queryClient.removeQueries({ queryKey: ['notifications'] });
    void queryClient.invalidateQueries({ queryKey: ['flags'] });
  },
}));

// A rejected token ends the session, so the route guard sends the user to sign in.
onUnauthorised(() => useAuthStore.getState().clearSession());

async function restoreSession(): Promise<void> {
  const token = getAccessToken();
  if (!token) {
    useAuthStore.setState({ initialised: true, authenticated: false, user: null, profileLoadFailed: false });
    return;
  }
  try {
    // Errors suppressed: account/info is a background call, which never opens the error dialog.
    const user = await api(accountEndpoints.info);
    // A sign-out or sign-in may have happened while we waited; only the current token counts.
    if (getAccessToken() !== token) return;
    setStoredUser(user);
    useAuthStore.setState({ initialised: true, authenticated: true, user, profileLoadFailed: false });
  } catch (error) {
    if (getAccessToken() !== token) return;
    if (isApiError(error) && error.status === 401) {
      // A rejected token still signs out (api-client has already cleared the session).
      useAuthStore.setState({ initialised: true, authenticated: false, user: null, profileLoadFailed: false });
      return;
    }
    // No answer or a server failure: keep the token and say so, with 'Try Again' (SPEC §8).
    useAuthStore.setState({ initialised: false, authenticated: false, user: null, profileLoadFailed: true });
  }
}
