import type { SaveWriteContentResponse, WriteContent } from '@verity/shared';
import { isApiError, NETWORK_FAILURE_STATUS, TIMEOUT_STATUS } from '../../lib/api-client';
import { errorMessage } from '../../lib/form-errors';

/**
 * The document page's autosave, as a small state machine with no React in it: changes wait for a
 * pause in typing, then the whole document is saved with the version it was edited from. A save
 * that cannot reach the server is tried again, sooner and sooner apart no more; one refused
 * because the document was saved elsewhere (409) stops saving, so the newer text is never
 * silently overwritten.
 */

export type SaveStatus =
  /** Everything is on the server. */
  | 'saved'
  /** Changes are waiting for a pause in typing. */
  | 'pending'
  | 'saving'
  /** No answer (no connection, or it timed out): tried again after a while and when the browser is back online. */
  | 'offline'
  /** The server failed or asked for a pause (5xx, 429): tried again after a while. */
  | 'retrying'
  /** Saved from elsewhere since this text was loaded: saving has stopped until the page reloads the document. */
  | 'conflict'
  /** Refused for a reason retrying cannot change (too large, gone); the next change tries again. */
  | 'failed';

export interface SaveState {
  status: SaveStatus;
  /** Why saving stopped (conflict, failed): the server's words when it gave any. */
  message: string | null;
}

export const AUTOSAVE_DEBOUNCE_MS = 800;
const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

export const CONFLICT_MESSAGE =
  'This document was changed in another tab or window. Reload it to carry on editing; your latest changes here were not saved.';
export const SAVE_FAILED_MESSAGE = 'Your latest changes could not be saved.';

export interface AutosaverOptions {
  /** The version the loaded content has. */
  version: number;
  save: (body: { content: WriteContent; version: number }) => Promise<SaveWriteContentResponse>;
  debounceMs?: number;
}

export interface Autosaver {
  getState: () => SaveState;
  subscribe: (listener: () => void) => () => void;
  /** The editor's whole document after a change. */
  change: (content: WriteContent) => void;
  /** Save what is waiting now, without the pause (leaving the page). */
  flush: () => void;
  /** The connection is back: a save waiting to be retried goes at once. */
  retryNow: () => void;
  /**
   * Save what is waiting now and resolve once saving has come to rest: true when everything is on
   * the server, false when it could not be saved (offline, refused). Before a download.
   */
  settle: () => Promise<boolean>;
  /** True while something typed is not yet on the server. */
  hasUnsavedChanges: () => boolean;
  /** Stop every timer; a save in flight finishes but changes nothing any more. */
  dispose: () => void;
}

/** 1 s, 2 s, 4 s … up to 30 s between attempts. */
export function retryDelay(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** attempt, LONGEST_RETRY_MS);
}

function failureState(error: unknown): SaveState {
  const status = isApiError(error) ? error.status : NETWORK_FAILURE_STATUS;
  if (status === 409) {
    return { status: 'conflict', message: (isApiError(error) && error.body?.message) || CONFLICT_MESSAGE };
  }
  if (status === NETWORK_FAILURE_STATUS || status === TIMEOUT_STATUS) return { status: 'offline', message: null };
  if (status === 429 || status >= 500) return { status: 'retrying', message: null };
  return { status: 'failed', message: errorMessage(error, SAVE_FAILED_MESSAGE) };
}

export function createAutosaver({ version: initialVersion, save, debounceMs = AUTOSAVE_DEBOUNCE_MS }: AutosaverOptions): Autosaver {
  let state: SaveState = { status: 'saved', message: null };
  let version = initialVersion;
  /** The newest content not yet sent (null when everything typed has been sent). */
  let waiting: WriteContent | null = null;
  let inFlight = false;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  const listeners = new Set<() => void>();

  const setState = (next: SaveState) => {
    if (next.status === state.status && next.message === state.message) return;
    state = next;
    for (const listener of listeners) listener();
  };

  const schedule = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(send, delay);
  };

  function send(): void {
    clearTimeout(timer);
    if (disposed || inFlight || waiting === null) return;
    const content = waiting;
    waiting = null;
    inFlight = true;
    setState({ status: 'saving', message: null });
    save({ content, version }).then(
      (saved) => {
        inFlight = false;
        version = saved.version;
        attempts = 0;
        if (disposed) return;
        if (waiting === null) {
          setState({ status: 'saved', message: null });
        } else {
          setState({ status: 'pending', message: null });
          schedule(debounceMs);
        }
      },
      (error: unknown) => {
        inFlight = false;
        // What was sent is still unsaved, unless something newer (the whole document again) replaced it.
        waiting ??= content;
        if (disposed) return;
        const next = failureState(error);
        setState(next);
        if (next.status === 'offline' || next.status === 'retrying') schedule(retryDelay(attempts++));
      },
    );
  }

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    change: (content) => {
      if (disposed || state.status === 'conflict') return;
      waiting = content;
      if (inFlight) return;
      // A retry is already due: it sends this newest content, and the state keeps saying why it waits.
      if (state.status === 'offline' || state.status === 'retrying') return;
      setState({ status: 'pending', message: null });
      schedule(debounceMs);
    },
    flush: () => {
      if (state.status !== 'conflict') send();
    },
    retryNow: () => {
      if (state.status === 'offline' || state.status === 'retrying') send();
    },
    settle: () => {
      if (state.status !== 'conflict') send();
      return new Promise<boolean>((resolve) => {
        const check = () => {
          if (state.status === 'pending' || state.status === 'saving') return false;
          listeners.delete(listener);
          resolve(state.status === 'saved');
          return true;
        };
        const listener = () => void check();
        if (!check()) listeners.add(listener);
      });
    },
    hasUnsavedChanges: () => waiting !== null || inFlight,
    dispose: () => {
      disposed = true;
      clearTimeout(timer);
      listeners.clear();
    },
  };
}
