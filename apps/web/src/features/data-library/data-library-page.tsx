import type { DataLibraryDocument, DataLibraryResponse } from '@verity/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { ListPagination } from '../../components/list-pagination';
import { ListSearch } from '../../components/list-search';
import { ListLoadFailed, ListLoading } from '../../components/list-states';
import { PanelSection } from '../../components/panel-section';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePagedSearch } from '../../hooks/use-paged-search';
import { cn } from '../../lib/cn';
import { formatShortDate } from '../../lib/format-date';
import { type FieldErrors, submitErrors } from '../../lib/form-errors';
import { wikiCitationPath } from '../../lib/wiki-path';
import { useDeleteOwnDocument, useOwnDocuments, useUpdateOwnDocument } from './api';
import { UploadForm } from './upload-form';

type Opened = { kind: 'edit' | 'version' | 'delete'; document: DataLibraryDocument } | null;

/**
 * /data-library: the organisation's own documents. Everyone in it can add one and read them all
 * (in the wiki, search and chat too); whoever added a document, and the champions, can change its
 * details, upload a new version or delete it. Nobody outside the organisation ever sees them.
 */
export function DataLibraryPage() {
  useDocumentTitle();
  const search = usePagedSearch(useOwnDocuments, (list: DataLibraryResponse) => list.documents);
  const [opened, setOpened] = useState<Opened>(null);
  const remove = useDeleteOwnDocument();
  const { list } = search;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-8 sm:py-10">
      <h1 className="font-semibold text-2xl text-slate-900 tracking-tight sm:text-3xl">Data Library</h1>
      <p className="mt-2 max-w-prose text-slate-600">
        Your organisation’s own policies, procedures and records. They are searched and cited in the wiki and in chat alongside the
        regulatory library, for your organisation only.
      </p>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <PanelSection title="Add a document" description="PDF, Word, HTML, Markdown or text. It is checked and read on the server.">
          <UploadForm />
        </PanelSection>
        <PanelSection title="Our documents" description="The newest version of each.">
          <ListSearch
            value={search.query}
            onChange={search.setQuery}
            maxLength={200}
            label="Search our documents"
            placeholder="Title, file name or tag"
            searching={search.searching}
            announcement={search.answered ? `${search.total} ${search.total === 1 ? 'document' : 'documents'} found` : ''}
          />
          <div className="mt-4">
            {list.isPending ? (
              <ListLoading message="Loading your documents…" />
            ) : list.isError ? (
              <ListLoadFailed message="Your documents could not be loaded." onRetry={() => void list.refetch()} />
            ) : search.items.length === 0 ? (
              <p className="text-slate-600 text-sm">
                {search.q ? 'No document matches that search.' : 'Nothing here yet: add your first document.'}
              </p>
            ) : (
              <div className={cn(list.isPlaceholderData && 'opacity-60 transition-opacity')}>
                <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
                  {search.items.map((document) => (
                    <DocumentItem key={document.id} document={document} onOpen={(kind) => setOpened({ kind, document })} />
                  ))}
                </ul>
                <ListPagination
                  page={search.page}
                  pages={search.pages}
                  label="Pages of documents"
                  busy={list.isFetching}
                  onPage={search.goTo}
                />
              </div>
            )}
          </div>
        </PanelSection>
      </div>
      {opened?.kind === 'edit' && <EditDialog document={opened.document} onClose={() => setOpened(null)} />}
      <Dialog
        open={opened?.kind === 'version'}
        onClose={() => setOpened(null)}
        title={`New version of ${opened?.document.title ?? 'the document'}`}
        description="The new file replaces it everywhere it is read, keeping its title and tags. Earlier versions are kept out of sight."
        size="md"
      >
        {opened?.kind === 'version' && <UploadForm replacing={opened.document} onDone={() => setOpened(null)} />}
      </Dialog>
      <ConfirmDeleteDialog
        open={opened?.kind === 'delete'}
        title={`Delete ${opened?.document.title ?? 'this document'}?`}
        onDelete={() => remove.mutateAsync(opened?.document.id ?? '')}
        deletedMessage={`${opened?.document.title ?? 'The document'} deleted`}
        failedMessage="The document could not be deleted."
        onClose={() => setOpened(null)}
      >
        It and every earlier version leave your library, the wiki and chat. Conversations that cited it keep their text.
      </ConfirmDeleteDialog>
    </div>
  );
}

function DocumentItem({ document, onOpen }: { document: DataLibraryDocument; onOpen: (kind: 'edit' | 'version' | 'delete') => void }) {
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-2 px-3 py-3 text-sm">
      <div className="min-w-0 flex-1 basis-64">
        <Link
          to={wikiCitationPath({ document_id: document.id, element_ids: [] })}
          className="focus-ring rounded-sm font-medium text-brand-800 underline-offset-2 hover:underline"
        >
          {document.title}
        </Link>
        <p className="text-slate-600">
          {document.category} · {document.domain} › {document.subdomain}
        </p>
        <p className="break-words text-slate-500 text-xs">
          {document.filename} · {document.versions === 1 ? '1 version' : `${document.versions} versions`} · added{' '}
          {formatShortDate(document.created_at)}
          {document.uploaded_by ? ` by ${document.uploaded_by.name}` : ''}
        </p>
      </div>
      {document.may_manage && (
        <div className="flex flex-wrap gap-1">
          <Button variant="ghost" size="sm" aria-label={`Edit details of ${document.title}`} onClick={() => onOpen('edit')}>
            Edit details
          </Button>
          <Button variant="ghost" size="sm" aria-label={`New version of ${document.title}`} onClick={() => onOpen('version')}>
            New version
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Delete ${document.title}`} onClick={() => onOpen('delete')}>
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}

const FIELDS = ['title', 'category', 'domain', 'subdomain'] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, string> = { title: 'Title', category: 'Category', domain: 'Domain', subdomain: 'Subdomain' };
const MAX: Record<Field, number> = { title: 500, category: 100, domain: 100, subdomain: 200 };

function EditDialog({ document, onClose }: { document: DataLibraryDocument; onClose: () => void }) {
  const update = useUpdateOwnDocument();
  const [values, setValues] = useState<Record<Field, string>>({
    title: document.title,
    category: document.category,
    domain: document.domain,
    subdomain: document.subdomain,
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const missing: FieldErrors<Field> = {};
    for (const field of FIELDS) if (values[field].trim() === '') missing[field] = `${LABELS[field]} must not be empty`;
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const change = Object.fromEntries(
      FIELDS.filter((field) => values[field].trim() !== document[field]).map((field) => [field, values[field].trim()]),
    );
    if (Object.keys(change).length === 0) {
      onClose();
      return;
    }
    try {
      const saved = await update.mutateAsync({ id: document.id, change });
      toast.success(`${saved.title} saved`);
      onClose();
    } catch (cause) {
      const shown = submitErrors(cause, FIELDS, 'The details could not be saved.');
      setErrors(shown.fieldErrors);
      setFormError(shown.formError ?? null);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Edit details of ${document.title}`}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="data-library-edit" loading={update.isPending}>
            Save changes
          </Button>
        </>
      }
    >
      <form id="data-library-edit" onSubmit={submit} noValidate aria-label={`Edit details of ${document.title}`} className="space-y-3">
        {FIELDS.map((field) => (
          <TextField
            key={field}
            label={LABELS[field]}
            name={field}
            required
            value={values[field]}
            onChange={(event) => {
              const value = event.target.value;
              setValues((current) => ({ ...current, [field]: value }));
              setErrors((current) => ({ ...current, [field]: undefined }));
            }}
            maxLength={MAX[field]}
            error={errors[field]}
          />
        ))}
        {formError && <Alert>{formError}</Alert>}
      </form>
    </Dialog>
  );
}
