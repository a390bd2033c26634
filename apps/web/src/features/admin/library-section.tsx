import type { AdminLibraryDocument, AdminLibraryResponse, DocumentStatus } from '@verity/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { ListFilterSelect } from '../../components/list-filter-select';
import { ListPagination } from '../../components/list-pagination';
import { ListSearch } from '../../components/list-search';
import { ListLoadFailed, ListLoading } from '../../components/list-states';
import { PanelSection } from '../../components/panel-section';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { usePagedSearch } from '../../hooks/use-paged-search';
import { cn } from '../../lib/cn';
import { formatShortDate } from '../../lib/format-date';
import { errorMessage } from '../../lib/form-errors';
import { wikiCitationPath } from '../../lib/wiki-path';
import { useAdminLibrary, useDeleteLibraryDocument, useReindexLibraryDocument } from './api';
import { EditLibraryDocumentDialog, SupersedeLibraryDocumentDialog } from './library-edit';
import { LibraryJobs } from './library-jobs';
import { LibraryUploadDialog } from './library-upload';

const STATUS_FILTERS = [
  { value: '', label: 'Any status' },
  { value: 'current', label: 'Current' },
  { value: 'superseded', label: 'Superseded' },
];

type Dialogs = { kind: 'edit' | 'supersede' | 'delete'; document: AdminLibraryDocument } | null;

/**
 * The shared regulatory library: add documents (followed through their ingestion job), change
 * their details, mark one superseded by another (the radar tells who relies on it), rebuild a
 * document's search index, delete an upload; below, the ingestion jobs with their errors.
 */
export function LibrarySection() {
  const [status, setStatus] = useState<DocumentStatus | ''>('');
  const [uploading, setUploading] = useState(false);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const useLibraryHere = (q: string, page: number) => useAdminLibrary(q, page, status);
  const search = usePagedSearch(useLibraryHere, (list: AdminLibraryResponse) => list.documents);
  const { list } = search;
  const remove = useDeleteLibraryDocument();

  return (
    <div className="space-y-6">
      <PanelSection
        title="Regulatory library"
        description="The documents every organisation reads, cites and is checked against. Built-in documents return with each release; uploads are yours to remove."
        actions={
          <Button onClick={() => setUploading(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Add document
          </Button>
        }
      >
        <div className="flex flex-wrap items-end gap-3">
          <ListSearch
            value={search.query}
            onChange={search.setQuery}
            maxLength={200}
            label="Search the library"
            placeholder="Code, title or file name"
            searching={search.searching}
            announcement={search.answered ? `${search.total} ${search.total === 1 ? 'document' : 'documents'} found` : ''}
            className="min-w-0 flex-1 basis-72"
          />
          <ListFilterSelect
            label="Status"
            value={status}
            onChange={(value) => {
              setStatus(value as DocumentStatus | '');
              search.goTo(1);
            }}
            options={STATUS_FILTERS}
            className="basis-48"
          />
        </div>
        <div className="mt-4">
          {list.isPending ? (
            <ListLoading message="Loading the library…" />
          ) : list.isError ? (
            <ListLoadFailed message="The library could not be loaded." onRetry={() => void list.refetch()} />
          ) : search.items.length === 0 ? (
            <p className="text-slate-600 text-sm">{search.q || status ? 'No document matches.' : 'The library is empty.'}</p>
          ) : (
            <div className={cn(list.isPlaceholderData && 'opacity-60 transition-opacity')}>
              <LibraryTable documents={search.items} onOpen={(kind, document) => setDialog({ kind, document })} />
              <ListPagination
                page={search.page}
                pages={search.pages}
                label="Pages of the library"
                busy={list.isFetching}
                onPage={search.goTo}
              />
            </div>
          )}
        </div>
      </PanelSection>
      <LibraryJobs />
      <LibraryUploadDialog open={uploading} onClose={() => setUploading(false)} />
      {dialog?.kind === 'edit' && <EditLibraryDocumentDialog document={dialog.document} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'supersede' && <SupersedeLibraryDocumentDialog document={dialog.document} onClose={() => setDialog(null)} />}
      <ConfirmDeleteDialog
        open={dialog?.kind === 'delete'}
        title={`Delete ${dialog?.document.code ?? 'this document'}?`}
        onDelete={() => remove.mutateAsync(dialog?.document.id ?? '')}
        deletedMessage={`${dialog?.document.code ?? 'The document'} deleted`}
        failedMessage="The document could not be deleted."
        onClose={() => setDialog(null)}
      >
        It leaves the library for every organisation, with its favourites. Conversations that cited it keep their text. This cannot be
        undone.
      </ConfirmDeleteDialog>
    </div>
  );
}

/** The columns with their share of the width: the document's names take the most; the actions stay on one line. */
const COLUMNS = [
  ['Document', 'w-[34%]'],
  ['Tags', 'w-[20%]'],
  ['Edition', 'w-[13%]'],
  ['Status', 'w-[12%]'],
  ['Added', ''],
] as const;

function LibraryTable({
  documents,
  onOpen,
}: {
  documents: readonly AdminLibraryDocument[];
  onOpen: (kind: 'edit' | 'supersede' | 'delete', document: AdminLibraryDocument) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full min-w-[64rem] border-collapse text-left text-sm">
        <caption className="sr-only">Library documents</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {COLUMNS.map(([column, width]) => (
              <th key={column} scope="col" className={cn('px-3 py-2 font-semibold', width)}>
                {column}
              </th>
            ))}
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => (
            <LibraryRow key={document.id} document={document} onOpen={onOpen} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LibraryRow({
  document,
  onOpen,
}: {
  document: AdminLibraryDocument;
  onOpen: (kind: 'edit' | 'supersede' | 'delete', document: AdminLibraryDocument) => void;
}) {
  const reindex = useReindexLibraryDocument();
  const onReindex = async () => {
    try {
      toast.success((await reindex.mutateAsync(document.id)).message);
    } catch (cause) {
      toast.error(errorMessage(cause, 'The search index could not be rebuilt.'));
    }
  };
  return (
    <tr className="border-slate-200 border-t align-top">
      <th scope="row" className="px-3 py-2.5 font-normal">
        <Link
          to={wikiCitationPath({ document_id: document.id, element_ids: [] })}
          className="focus-ring rounded-sm font-medium text-brand-800 underline-offset-2 hover:underline"
        >
          {document.code}
        </Link>
        <span className="block text-slate-800">{document.title}</span>
        <span className="block text-slate-500 text-xs">
          {/* Only the file name may break inside a word (it has no spaces); the rest wraps between words. */}
          <span className="break-all">{document.filename}</span> · {document.elements} passages ·{' '}
          {document.source === 'seed' ? 'built in' : 'uploaded'}
          {document.newer_edition ? ' · a newer file of this name is stored' : ''}
        </span>
      </th>
      <td className="px-3 py-2.5 text-slate-700">
        <span className="block">{document.category}</span>
        <span className="block text-slate-500 text-xs">
          {document.domain} › {document.subdomain}
        </span>
      </td>
      <td className="px-3 py-2.5 text-slate-700">{document.edition || '—'}</td>
      <td className="px-3 py-2.5">
        <span
          className={cn(
            'rounded-full px-2 py-0.5 font-medium text-xs',
            document.status === 'current' ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900',
          )}
        >
          {document.status === 'current' ? 'Current' : 'Superseded'}
        </span>
        {document.superseded_by && <span className="mt-1 block text-slate-600 text-xs">by {document.superseded_by}</span>}
      </td>
      <td className="whitespace-nowrap px-3 py-2.5 text-slate-600">{formatShortDate(document.created_at)}</td>
      <td className="px-3 py-2.5">
        <div className="flex justify-end gap-1 whitespace-nowrap">
          <Button variant="ghost" size="sm" aria-label={`Edit ${document.code}`} onClick={() => onOpen('edit', document)}>
            Edit
          </Button>
          {document.status === 'current' && (
            <Button variant="ghost" size="sm" aria-label={`Supersede ${document.code}`} onClick={() => onOpen('supersede', document)}>
              Supersede
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            loading={reindex.isPending}
            aria-label={`Re-index ${document.code}`}
            onClick={() => void onReindex()}
          >
            Re-index
          </Button>
          {document.source === 'upload' && (
            <Button variant="ghost" size="sm" aria-label={`Delete ${document.code}`} onClick={() => onOpen('delete', document)}>
              Delete
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
