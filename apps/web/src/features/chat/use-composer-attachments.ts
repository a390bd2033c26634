import { useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api-client';
import { chatSessionPath } from './api';
import { attachmentProblem, deleteAttachment, uploadAttachment } from './attachment-upload';
import { type ComposerAttachment, NEW_CONVERSATION_KEY, selectDraft, useChatStore } from './chat-store';

/** Uploads in flight, by the composer chip they belong to, so removing the chip cancels the upload. */
const uploads = new Map<string, AbortController>();

/** The server's own words for a refused file (413 too large, 422 wrong type or unreadable). */
function uploadErrorMessage(error: unknown): string {
  if (!isApiError(error)) return 'The file could not be uploaded. Please try again.';
  if (error.status === 422) return error.clientError.description;
  return error.body?.message ?? error.clientError.description;
}

function localId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export interface ComposerAttachmentsOptions {
  /** null: no conversation yet (the first file creates one). */
  sessionId: string | null;
  maxFiles: number;
  maxBytes: number;
  ensureConversation: () => Promise<string>;
}

export interface ComposerAttachments {
  /** Check the files, show them in the composer and upload those that may be attached. */
  addFiles: (files: File[]) => Promise<void>;
  /** Take a file out of the composer: its upload stops, or the uploaded attachment is removed from the conversation. */
  removeAttachment: (localId: string) => void;
}

/** The files of the next question: checked here, uploaded with progress, and refused ones kept in view with the reason. */
export function useComposerAttachments({
  sessionId,
  maxFiles,
  maxBytes,
  ensureConversation,
}: ComposerAttachmentsOptions): ComposerAttachments {
  const navigate = useNavigate();
  const draftKey = sessionId ?? NEW_CONVERSATION_KEY;
  const draft = useChatStore(selectDraft(draftKey));
  const updateDraft = useChatStore((state) => state.updateDraft);

  const addFiles = async (files: File[]) => {
    const current = useChatStore.getState().drafts[draftKey]?.attachments ?? [];
    const room = maxFiles - current.filter((item) => item.status !== 'error').length;
    if (files.length > room) toast.error(`Attach at most ${maxFiles} files to a question`);
    const accepted = files.slice(0, Math.max(room, 0));
    if (accepted.length === 0) return;
    const items = accepted.map((file): ComposerAttachment & { file: File } => {
      const problem = attachmentProblem(file, maxBytes);
      return {
        localId: localId(),
        fileName: file.name,
        size: file.size,
        status: problem ? 'error' : 'uploading',
        progress: 0,
        attachment: null,
        error: problem,
        file,
      };
    });
    updateDraft(draftKey, (draft) => ({ attachments: [...draft.attachments, ...items.map(({ file: _file, ...item }) => item)] }));
    const toUpload = items.filter((item) => item.status === 'uploading');
    if (toUpload.length === 0) return;

    const { updateAttachment } = useChatStore.getState();
    let id: string;
    try {
      id = await ensureConversation();
      if (!sessionId) void navigate(chatSessionPath(id));
    } catch (error) {
      for (const item of toUpload) updateAttachment(draftKey, item.localId, { status: 'error', error: uploadErrorMessage(error) });
      return;
    }
    await Promise.all(
      toUpload.map(async (item) => {
        const controller = new AbortController();
        uploads.set(item.localId, controller);
        try {
          const attachment = await uploadAttachment(
            id,
            item.file,
            (progress) => updateAttachment(id, item.localId, { progress }),
            controller.signal,
          );
          updateAttachment(id, item.localId, { status: 'ready', progress: 1, attachment });
        } catch (error) {
          if (!controller.signal.aborted) updateAttachment(id, item.localId, { status: 'error', error: uploadErrorMessage(error) });
        } finally {
          uploads.delete(item.localId);
        }
      }),
    );
  };

  const removeAttachment = (id: string) => {
    const item = draft.attachments.find((attachment) => attachment.localId === id);
    useChatStore.getState().removeAttachment(draftKey, id);
    uploads.get(id)?.abort();
    if (item?.attachment && sessionId) {
      deleteAttachment(sessionId, item.attachment.id).catch(() =>
        toast.error(`${item.fileName} could not be removed from the conversation`),
      );
    }
  };

  return { addFiles, removeAttachment };
}
