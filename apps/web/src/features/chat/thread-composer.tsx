import { countFilters, type DocumentFilters } from '../../components/filters/document-filters';
import { formatBytes } from './attachment-upload';
import { type ComposerDraft, useChatStore } from './chat-store';
import { Composer } from './composer';
import type { ScopePanelState } from './use-scope-panel';

export interface ThreadComposerProps {
  draft: ComposerDraft;
  draftKey: string;
  /** The draft's filters, or the library's default categories while it has none of its own. */
  filters: DocumentFilters;
  maxLength: number;
  maxFiles: number;
  maxBytes: number;
  streaming: boolean;
  /** A question is being sent (its conversation created, its files attached). */
  starting: boolean;
  onSend: () => void;
  onStop: () => void;
  onFiles: (files: File[]) => void;
  onRemoveAttachment: (localId: string) => void;
  scope: ScopePanelState;
}

/**
 * The composer of one conversation's draft: its text, mode and files, what still keeps it from
 * being sent, and how far the scope narrows the next question.
 */
export function ThreadComposer({
  draft,
  draftKey,
  filters,
  maxLength,
  maxFiles,
  maxBytes,
  streaming,
  starting,
  onSend,
  onStop,
  onFiles,
  onRemoveAttachment,
  scope,
}: ThreadComposerProps) {
  const updateDraft = useChatStore((state) => state.updateDraft);
  const uploading = draft.attachments.some((item) => item.status === 'uploading');
  const refused = draft.attachments.some((item) => item.status === 'error');
  const blockedReason = uploading
    ? 'Wait for the files to finish uploading.'
    : refused
      ? 'Remove the files that could not be attached to send the question.'
      : null;
  const activeFiles = draft.attachments.filter((item) => item.status !== 'error').length;

  return (
    <Composer
      text={draft.text}
      onTextChange={(text) => updateDraft(draftKey, { text })}
      mode={draft.mode}
      onModeChange={(mode) => updateDraft(draftKey, { mode })}
      attachments={draft.attachments}
      onFiles={onFiles}
      onRemoveAttachment={onRemoveAttachment}
      attachHint={`PDF, Word (.docx) or text files, up to ${formatBytes(maxBytes)} each, ${maxFiles} per question`}
      canAttachMore={activeFiles < maxFiles && !starting}
      maxLength={maxLength}
      streaming={streaming}
      onSend={onSend}
      onStop={onStop}
      scopeOpen={scope.open}
      onScopeToggle={scope.toggle}
      scopeCount={draft.filters === null && draft.includeInternal ? 0 : countFilters(filters) + (draft.includeInternal ? 0 : 1)}
      scopeButtonId={scope.buttonId}
      scopePanelId={scope.panelId}
      blockedReason={blockedReason}
    />
  );
}
