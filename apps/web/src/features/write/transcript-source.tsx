import * as Tabs from '@radix-ui/react-tabs';
import { WRITE_PASTE_MAX_LENGTH } from '@verity/shared';
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { TranscriptDropZone } from './transcript-drop-zone';

export type TranscriptSourceKind = 'file' | 'paste';

const SOURCES: readonly { id: TranscriptSourceKind; label: string }[] = [
  { id: 'file', label: 'Upload a file' },
  { id: 'paste', label: 'Paste text' },
];

export interface TranscriptSourceProps {
  source: TranscriptSourceKind;
  onSourceChange: (source: TranscriptSourceKind) => void;
  file: File | null;
  onFile: (file: File | null) => void;
  /** A file refused before sending (its type, its size), in words. */
  onReject: (message: string) => void;
  text: string;
  onTextChange: (text: string) => void;
  /** The transcript's message, whichever way it is given. */
  error: string | undefined;
}

/**
 * How the transcript is given, as two tabs (Radix Tabs): a file dropped or chosen, or pasted
 * text. Arrow keys move between the tabs and choose as they go; only the chosen tab's panel is in
 * the page, so what was entered in the other stays, unshown.
 */
export function TranscriptSource({ source, onSourceChange, file, onFile, onReject, text, onTextChange, error }: TranscriptSourceProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const errorText = error && (
    <p id={errorId} className="mt-1.5 text-red-700 text-sm">
      {error}
    </p>
  );

  return (
    <Tabs.Root value={source} onValueChange={(value) => onSourceChange(value as TranscriptSourceKind)} className="mt-4">
      <Tabs.List aria-label="Transcript" className="inline-flex rounded-lg border border-slate-200 bg-slate-100 p-0.5">
        {SOURCES.map((option) => (
          <Tabs.Trigger
            key={option.id}
            value={option.id}
            className={cn(
              'focus-ring h-8 rounded-md px-3 font-medium text-sm transition-colors',
              source === option.id ? 'bg-white text-slate-900 shadow-xs' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {option.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {/* Not a tab stop of its own (Radix makes panels one): its first control is the next stop after the tabs. */}
      <Tabs.Content value="file" tabIndex={undefined} className="mt-3">
        <TranscriptDropZone
          file={file}
          onFile={onFile}
          onReject={onReject}
          errorId={error ? errorId : undefined}
          invalid={Boolean(error)}
        />
        {errorText}
      </Tabs.Content>
      <Tabs.Content value="paste" tabIndex={undefined} className="mt-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-text`} className="font-medium text-slate-800 text-sm">
            Transcript text
          </label>
          <textarea
            id={`${id}-text`}
            name="text"
            value={text}
            onChange={(event) => onTextChange(event.target.value)}
            rows={10}
            maxLength={WRITE_PASTE_MAX_LENGTH}
            placeholder={'Chair: Good morning, everyone. First item is the flushing records…\nEstates Manager: The records are up to date…'}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={cn(
              'focus-ring min-h-40 w-full resize-y rounded-md border bg-white px-3 py-2 font-mono text-slate-900 text-sm leading-6 placeholder:text-slate-400',
              error ? 'border-red-600' : 'border-slate-300 hover:border-slate-400',
            )}
          />
        </div>
        {errorText}
      </Tabs.Content>
    </Tabs.Root>
  );
}
