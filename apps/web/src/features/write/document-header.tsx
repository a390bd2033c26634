import { WRITE_KIND_LABELS, type WriteDocument } from '@verity/shared';
import { FileDown, PencilLine, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { BackLink } from '../../components/back-link';
import { Button } from '../../components/ui/button';
import { formatMeetingDate } from './format';
import { RenameForm } from './rename-form';
import { WRITE_PATH } from './api';

export interface DocumentHeaderProps {
  document: Pick<WriteDocument, 'external_id' | 'title' | 'kind' | 'meeting_date' | 'source_filename'>;
  /** The save state, beside the actions (the ready document only). */
  status?: ReactNode;
  onDownload?: () => void;
  downloading?: boolean;
  onDelete: () => void;
}

/** The document's title (renamed in place), what it is, when the meeting was, and its actions. */
export function DocumentHeader({ document, status, onDownload, downloading = false, onDelete }: DocumentHeaderProps) {
  const [renaming, setRenaming] = useState(false);
  const details = [
    WRITE_KIND_LABELS[document.kind],
    document.meeting_date ? formatMeetingDate(document.meeting_date) : null,
    document.source_filename ? `From ${document.source_filename}` : null,
  ].filter(Boolean);

  return (
    <header>
      <BackLink to={WRITE_PATH}>All documents</BackLink>
      <div className="mt-3 flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 flex-1">
          {renaming ? (
            <RenameForm externalId={document.external_id} title={document.title} size="lg" onDone={() => setRenaming(false)} />
          ) : (
            <div className="flex items-start gap-1">
              <h1 className="min-w-0 break-words font-semibold text-slate-900 text-xl tracking-tight sm:text-2xl">{document.title}</h1>
              <button
                type="button"
                onClick={() => setRenaming(true)}
                aria-label="Rename the document"
                title="Rename"
                className="focus-ring mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900"
              >
                <PencilLine aria-hidden="true" className="size-4" />
              </button>
            </div>
          )}
          <p className="mt-1 break-words text-slate-600 text-sm">{details.join(' · ')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          {status}
          {onDownload && (
            <Button variant="secondary" onClick={onDownload} loading={downloading}>
              {!downloading && <FileDown aria-hidden="true" className="size-4" />}
              Download .docx
            </Button>
          )}
          <Button variant="ghost" onClick={onDelete} className="px-2 text-red-700 hover:bg-red-50" aria-label="Delete the document">
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
    </header>
  );
}
