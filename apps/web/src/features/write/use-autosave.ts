import type { WriteContent, WriteDocument } from '@verity/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { recordOnboardingProgress } from '../../lib/onboarding-progress';
import { saveWriteContent, writeKeys } from './api';
import { type Autosaver, createAutosaver, type SaveState } from './autosave';

export interface AutosaveHandle {
  state: SaveState;
  /** The editor's whole document after a change. */
  change: (content: WriteContent) => void;
  /** Save what is waiting now; true once everything is on the server (see Autosaver.settle). */
  settle: () => Promise<boolean>;
}

const SAVED: SaveState = { status: 'saved', message: null };
const noSubscription = () => () => {};
const savedState = () => SAVED;

/**
 * Autosave for the document open on the page, from the version it was loaded at. Each save also
 * goes into the cached document, so coming back to the page shows the saved text and version.
 * The browser coming back online retries at once; leaving the page saves what is waiting, and
 * closing or reloading the tab with unsaved changes asks first. The autosaver lives as long as
 * the effect that made it (mount it again, keyed, to start from a reloaded version).
 */
export function useAutosave(externalId: string, version: number): AutosaveHandle {
  const queryClient = useQueryClient();
  const loadedVersion = useRef(version);
  const [saver, setSaver] = useState<Autosaver | null>(null);

  useEffect(() => {
    const next = createAutosaver({
      version: loadedVersion.current,
      save: async (body) => {
        const saved = await saveWriteContent(externalId, body);
        recordOnboardingProgress('write', 'document_edited');
        queryClient.setQueryData<WriteDocument>(writeKeys.document(externalId), (document) =>
          document ? { ...document, content: body.content, version: saved.version, updated_at: saved.updated_at } : document,
        );
        return saved;
      },
    });
    setSaver(next);
    const online = () => next.retryNow();
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!next.hasUnsavedChanges()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', beforeUnload);
      next.flush();
      next.dispose();
    };
  }, [externalId, queryClient]);

  const state = useSyncExternalStore(saver?.subscribe ?? noSubscription, saver?.getState ?? savedState);
  const change = useCallback((content: WriteContent) => saver?.change(content), [saver]);
  const settle = useCallback(() => saver?.settle() ?? Promise.resolve(true), [saver]);
  return { state, change, settle };
}
