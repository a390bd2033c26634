import { CHAT_MESSAGE_MAX_LENGTH, type ChatAttachment, type ChatMode } from '@verity/shared';
import { Pencil } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { AttachmentChip } from './attachment-chip';
import { MessageActionButton } from './message-action-button';

export interface QuestionMessageProps {
  content: string;
  mode: ChatMode;
  attachments: readonly ChatAttachment[];
  /** Absent for a question still being sent: it cannot be edited yet. */
  onEdit?: (content: string) => void;
  /** An answer is streaming: editing would start another. */
  busy?: boolean;
  maxLength?: number;
}

/** A question as asked, with its files; Edit reruns the conversation from it (later messages are replaced). */
export function QuestionMessage({
  content,
  mode,
  attachments,
  onEdit,
  busy = false,
  maxLength = CHAT_MESSAGE_MAX_LENGTH,
}: QuestionMessageProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(content);
  const fieldId = useId();
  const trimmed = text.trim();
  const tooLong = text.length > maxLength;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!onEdit || !trimmed || tooLong) return;
    setEditing(false);
    if (trimmed !== content.trim()) onEdit(trimmed);
  };

  if (editing) {
    return (
      <form
        onSubmit={submit}
        aria-label="Edit question"
        className="ml-auto w-full max-w-[85%] rounded-xl border border-brand-300 bg-white p-3 shadow-xs"
      >
        <label htmlFor={fieldId} className="sr-only">
          Edit your question
        </label>
        <textarea
          id={fieldId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={Math.min(8, Math.max(2, text.split('\n').length))}
          // biome-ignore lint/a11y/noAutofocus: Edit was pressed to change this text.
          autoFocus
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setText(content);
              setEditing(false);
            }
          }}
          className="focus-ring block w-full resize-y rounded-md border border-slate-300 px-3 py-2 text-base leading-6 sm:text-sm"
        />
        {tooLong && <p className="mt-1 text-red-700 text-sm">A message is at most {maxLength} characters</p>}
        <p className="mt-2 text-slate-500 text-xs">
          Saving reruns the conversation from this question; the messages after it are replaced.
        </p>
        <div className="mt-2 flex justify-end gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setText(content);
              setEditing(false);
            }}
          >
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={!trimmed || tooLong || busy}>
            Save and rerun
          </Button>
        </div>
      </form>
    );
  }

  return (
    <article aria-label="Question" className="group ml-auto flex max-w-[85%] flex-col items-end">
      {mode === 'draft' && (
        <span className="mb-1 rounded-full bg-brand-100 px-2 py-px font-semibold text-[0.7rem] text-brand-900 uppercase tracking-wide">
          Draft request
        </span>
      )}
      <div className="whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-brand-700 px-4 py-2.5 text-[0.95rem] text-white leading-6">
        {content}
      </div>
      {attachments.length > 0 && (
        <ul aria-label="Attached files" className="mt-2 flex max-w-full flex-wrap justify-end gap-2">
          {attachments.map((attachment) => (
            <AttachmentChip key={attachment.id} fileName={attachment.file_name} size={attachment.size} />
          ))}
        </ul>
      )}
      {onEdit && (
        <MessageActionButton
          icon={Pencil}
          disabled={busy}
          onClick={() => {
            setText(content);
            setEditing(true);
          }}
          className="mt-1 sm:opacity-0 sm:focus-visible:opacity-100 sm:group-hover:opacity-100"
        >
          Edit
        </MessageActionButton>
      )}
    </article>
  );
}
