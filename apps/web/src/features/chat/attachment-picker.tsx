import { Paperclip } from 'lucide-react';
import { useRef } from 'react';
import { ATTACHMENT_ACCEPT } from './attachment-upload';

export interface AttachmentPickerProps {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  /** Shown as the button's tooltip: what may be attached and how much. */
  hint: string;
}

/** The paperclip button of the composer: opens the system file chooser (PDF, DOCX, TXT). */
export function AttachmentPicker({ onFiles, disabled = false, hint }: AttachmentPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        aria-label="Attach files"
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so choosing the same file again (after removing it) fires a change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <button
        type="button"
        data-tour="chat-attach"
        disabled={disabled}
        title={hint}
        onClick={() => inputRef.current?.click()}
        className="focus-ring inline-flex h-9 items-center gap-1.5 rounded-md px-2 font-medium text-slate-600 text-sm hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <Paperclip aria-hidden="true" className="size-4" />
        <span className="max-sm:sr-only">Attach</span>
        <span className="sr-only"> a PDF, Word or text file</span>
      </button>
    </>
  );
}
