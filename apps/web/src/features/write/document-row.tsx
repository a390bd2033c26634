import { WRITE_KIND_LABELS, type WriteDocumentSummary } from '@verity/shared';
import { PencilLine, ScrollText, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatShortDate } from '../../lib/format-date';
import { usePrefetch } from '../../hooks/use-prefetch';
import { writeDocumentPath, writeDocumentQueryOptions } from './api';
import { DocumentStatusBadge } from './document-status-badge';
import { formatMeetingDate } from './format';
import { RenameForm } from './rename-form';

export interface DocumentRowProps {
  document: WriteDocumentSummary;
  onDelete: (document: WriteDocumentSummary) => void;
}

const ROW_BUTTON =
  'focus-ring inline-flex size-9 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900';

/** One document in the list: its link (title, kind, meeting date, status), Rename and Delete. */
export function DocumentRow({ document, onDelete }: DocumentRowProps) {
  const [editing, setEditing] = useState(false);
  const renameRef = useRef<HTMLButtonElement>(null);
  const restoreFocus = useRef(false);
  const prefetch = usePrefetch(writeDocumentQueryOptions(document.external_id));

  // Back from renaming: focus returns to the Rename button, where the person started.
  useEffect(() => {
    if (editing || !restoreFocus.current) return;
    restoreFocus.current = false;
    renameRef.current?.focus();
  }, [editing]);

  if (editing) {
    return (
      <li className="px-3 py-2.5">
        <RenameForm
          externalId={document.external_id}
          title={document.title}
          onDone={() => {
            restoreFocus.current = true;
            setEditing(false);
          }}
        />
      </li>
    );
  }

  const details = [
    WRITE_KIND_LABELS[document.kind],
    document.meeting_date ? `Meeting ${formatMeetingDate(document.meeting_date, 'short')}` : null,
    `Created ${formatShortDate(document.created_at)}`,
  ].filter(Boolean);

  return (
    <li className="group flex items-start gap-1">
      <Link
        to={writeDocumentPath(document.external_id)}
        {...prefetch}
        className="focus-ring flex min-w-0 flex-1 items-start gap-3 rounded-lg px-3 py-3 transition-colors hover:bg-slate-50"
      >
        <ScrollText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-400 group-hover:text-brand-700" />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="line-clamp-2 break-words font-medium text-slate-900 text-sm">{document.title}</span>
            <DocumentStatusBadge status={document.status} />
          </span>
          <span className="mt-0.5 block text-slate-600 text-xs">{details.join(' · ')}</span>
        </span>
      </Link>
      <span className="flex shrink-0 items-center pt-2">
        <button
          ref={renameRef}
          type="button"
          onClick={() => setEditing(true)}
          aria-label={`Rename “${document.title}”`}
          title="Rename"
          className={ROW_BUTTON}
        >
          <PencilLine aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          onClick={() => onDelete(document)}
          aria-label={`Delete “${document.title}”`}
          title="Delete"
          className={`${ROW_BUTTON} hover:bg-red-50 hover:text-red-700`}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </span>
    </li>
  );
}
