import { accountEndpoints, authEndpoints, MESSAGES, type User } from '@verity/shared';
import { create } from 'zustand';
import { toast } from '../components/ui/toast';
import { api, onUnauthorised } from './api-client';
import { queryClient } from './query-client';
import { clearStoredSession, getAccessToken, setAccessToken, setStoredUser } from './session-storage';

export interface AuthState {
  initialised: boolean;
  authenticated: boolean;
  user: User | null;
  /** Startup: restore the session from a stored token (runs once; later calls share the first). */
  initialise: () => Promise<void>;
  /** Store the token from auth/login, load the profile and sign the user in. */
  login: (token: string) => Promise<User>;
  /** Sign out on the server (its failure is ignored), clear the session and say so. */
  logout: () => Promise<void>;
  setUser: (user: User) => void;
  /** Forget the session locally without a toast (a rejected token, a failed restore). */
  clearSession: () => void;
}

let initialising: Promise<void> | null = null;

export const useAuthStore = create<AuthState>()((set, get) => ({
  initialised: false,
  authenticated: false,
  user: null,

  initialise: () => {
    if (get().initialised) return Promise.resolve();
    initialising ??= restoreSession().finally(() => {
      initialising = null;
    });
    return initialising;
  },

  login: async (token) => {
    setAccessToken(token);
    try {
      const user = await api(accountEndpoints.info);
      setStoredUser(user);
      set({ initialised: true, authenticated: true, user });
      void queryClient.invalidateQueries({ queryKey: ['flags'] });
      return user;
    } catch (error) {
      clearStoredSession();
      throw error;
    }
  },

  logout: async () => {
    try {
      await api(authEndpoints.signout);
    } catch {
      // The server may already have ended the session; the local sign-out still happens.
    }
    get().clearSession();
    toast.success(MESSAGES.loggedOut);
  },

  setUser: (user) => {
    setStoredUser(user);
    set({ user });
  },

  clearSession: () => {
    clearStoredSession();
    set({ initialised: true, authenticated: false, user: null });
    queryClient.removeQueries({ queryKey: ['notifications'] });
    void queryClient.invalidateQueries({ queryKey: ['flags'] });
  },
}));

// A rejected token ends the session, so the route guard sends the user to sign in.
onUnauthorised(() => useAuthStore.getState().clearSession());

async function restoreSession(): Promise<void> {
  const token = getAccessToken();
  if (!token) {
    useAuthStore.setState({ initialised: true, authenticated: false, user: null });
    return;
  }
  try {
    // Errors suppressed: account/info is a background call, which never opens the error dialog.
    const user = await api(accountEndpoints.info);
    // A sign-out or sign-in may have happened while we waited; only the current token counts.
    if (getAccessToken() !== token) return;
    setStoredUser(user);
    useAuthStore.setState({ initialised: true, authenticated: true, user });
  } catch {
    // A 401 has already cleared the token (api-client); a network failure keeps it for a retry
    // on the next load but the user is not signed in now.
    useAuthStore.setState({ initialised: true, authenticated: false, user: null });
  }
}
