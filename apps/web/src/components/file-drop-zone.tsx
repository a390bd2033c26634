import { FileCheck, Upload, X } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn';

/** ".pdf, .docx or .txt": the offered extensions as a sentence. */
export function extensionsSentence(extensions: readonly string[]): string {
  return extensions.length > 1 ? `${extensions.slice(0, -1).join(', ')} or ${extensions.at(-1)}` : (extensions[0] ?? '');
}

/** True when the file's name ends with an offered extension (the server decides the format by content). */
export function hasExtension(name: string, extensions: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return extensions.some((extension) => lower.endsWith(extension));
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export interface FileDropZoneProps {
  file: File | null;
  onFile: (file: File | null) => void;
  /** A file of the wrong type was offered: the message to show. */
  onReject: (message: string) => void;
  /** The extensions offered, e.g. ['.pdf', '.docx']. */
  extensions: readonly string[];
  /** What is dropped, after "Drop": "a transcript". */
  noun: string;
  /** The chooser's accessible name: "Transcript file". */
  label: string;
  /** The kinds of file in words, shown with the extensions: "Word, text or Markdown". */
  kinds: string;
  /** The message for a file of another type. */
  wrongTypeMessage: string;
  /** The person dropped a file, opened the chooser or chose a file in it (whatever they then chose). */
  onChoose?: () => void;
  /** The field's error, linked to the chooser. */
  errorId?: string;
  invalid?: boolean;
}

/** Drop a file here or choose one (on a touch screen, only choose); once chosen, its name and size with a way to remove it. */
export function FileDropZone({
  file,
  onFile,
  onReject,
  extensions,
  noun,
  label,
  kinds,
  wrongTypeMessage,
  onChoose,
  errorId,
  invalid,
}: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const take = (candidate: File | undefined) => {
    if (!candidate) return;
    if (!hasExtension(candidate.name, extensions)) {
      onReject(wrongTypeMessage);
      return;
    }
    onFile(candidate);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    onChoose?.();
    take(event.dataTransfer.files[0]);
  };

  if (file) {
    return (
      <div className="flex items-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3">
        <FileCheck aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-slate-900 text-sm" title={file.name}>
            {file.name}
          </p>
          <p className="text-slate-600 text-xs">{formatSize(file.size)}</p>
        </div>
        <button
          type="button"
          onClick={() => {
            onFile(null);
            // The chooser's own value is cleared too, so choosing the same file again is noticed.
            if (inputRef.current) inputRef.current.value = '';
          }}
          aria-label={`Remove ${file.name}`}
          className="focus-ring inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    );
  }

  return (
    <label
      htmlFor={inputId}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-400 has-[:focus-visible]:outline-offset-2',
        // A touch screen has nothing to drop from: one row that opens the chooser.
        'pointer-coarse:flex-row pointer-coarse:justify-start pointer-coarse:gap-3 pointer-coarse:py-3 pointer-coarse:text-left',
        dragging
          ? 'border-brand-500 bg-brand-50'
          : invalid
            ? 'border-red-400 bg-red-50/40'
            : 'border-slate-300 bg-slate-50 hover:border-brand-400 hover:bg-brand-50/50',
      )}
    >
      <span className="flex size-10 items-center justify-center rounded-full bg-white text-brand-700 shadow-xs">
        <Upload aria-hidden="true" className="size-5" />
      </span>
      <span className="flex flex-col gap-2 pointer-coarse:gap-0.5">
        <span className="font-medium text-slate-900 text-sm">
          <span className="pointer-coarse:hidden">
            Drop {noun} here or <span className="text-brand-800 underline underline-offset-2">choose a file</span>
          </span>
          <span className="hidden text-brand-800 underline underline-offset-2 pointer-coarse:inline">Choose {noun}</span>
        </span>
        <span id={hintId} className="text-slate-600 text-xs">
          {kinds} ({extensions.join(', ')})
        </span>
      </span>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={extensions.join(',')}
        aria-label={label}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
        aria-invalid={invalid || undefined}
        onClick={onChoose}
        onChange={(event) => {
          onChoose?.();
          take(event.target.files?.[0]);
        }}
        className="sr-only"
      />
    </label>
  );
}
