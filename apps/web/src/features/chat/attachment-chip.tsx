import { CircleAlert, FileText, X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { formatBytes } from './attachment-upload';

export interface AttachmentChipProps {
  fileName: string;
  size: number;
  status?: 'uploading' | 'ready' | 'error';
  /** 0–1 while uploading. */
  progress?: number;
  error?: string | null;
  onRemove?: () => void;
}

/** A file attached to a question: name and size, upload progress, the server's refusal, remove. */
export function AttachmentChip({ fileName, size, status = 'ready', progress = 0, error, onRemove }: AttachmentChipProps) {
  const failed = status === 'error';
  const percent = Math.round(progress * 100);
  return (
    <li
      className={cn(
        'relative flex min-w-0 max-w-full items-start gap-2 overflow-hidden rounded-lg border py-1.5 pr-1.5 pl-2.5 text-sm',
        failed ? 'border-red-200 bg-red-50 text-red-900' : 'border-slate-200 bg-white text-slate-800',
      )}
    >
      {failed ? (
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
      ) : (
        <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium" title={fileName}>
          {fileName}
        </span>
        <span className={cn('block text-xs', failed ? 'text-red-800' : 'text-slate-500')}>
          {failed ? error : status === 'uploading' ? `Uploading… ${percent}%` : formatBytes(size)}
        </span>
      </span>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${fileName}`}
          className="focus-ring inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
      {status === 'uploading' && (
        <span
          role="progressbar"
          aria-label={`Uploading ${fileName}`}
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
          className="absolute inset-x-0 bottom-0 h-0.5 bg-slate-100"
        >
          <span className="block h-full bg-brand-500 transition-[width]" style={{ width: `${percent}%` }} />
        </span>
      )}
    </li>
  );
}
