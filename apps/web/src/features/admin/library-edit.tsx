import type { AdminLibraryDocument, UpdateLibraryDocumentInput } from '@verity/shared';
import { type FormEvent, useId, useState } from 'react';
import { ListSearch } from '../../components/list-search';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { LIST_SEARCH_DEBOUNCE_MS } from '../../hooks/use-paged-search';
import { cn } from '../../lib/cn';
import { type FieldErrors, submitErrors } from '../../lib/form-errors';
import { useAdminLibrary, useSupersedeLibraryDocument, useUpdateLibraryDocument } from './api';
import { type DetailField, DetailFields } from '../../components/detail-fields';
import { missingTags, TagFields } from './library-fields';

const EDIT_FIELDS = ['code', 'title', 'edition', 'issuer', 'status', 'superseded_by', 'category', 'domain', 'subdomain'] as const;
type EditField = (typeof EDIT_FIELDS)[number];

const DETAILS: readonly DetailField<EditField>[] = [
  { name: 'code', label: 'Code', max: 100, required: true },
  { name: 'edition', label: 'Edition', max: 100 },
  { name: 'title', label: 'Title', max: 500, required: true, wide: true },
  { name: 'issuer', label: 'Issuer', max: 200 },
];
const REPLACEMENT: readonly DetailField<EditField>[] = [
  {
    name: 'superseded_by',
    label: 'Superseded by (code)',
    max: 100,
    required: true,
    hint: 'To tell the people relying on it, use Supersede instead',
    wide: true,
  },
];

function valuesOf(document: AdminLibraryDocument) {
  return {
    code: document.code,
    title: document.title,
    edition: document.edition,
    issuer: document.issuer,
    status: document.status,
    superseded_by: document.superseded_by ?? '',
    category: document.category,
    domain: document.domain,
    subdomain: document.subdomain,
  };
}
type EditValues = ReturnType<typeof valuesOf>;

/** The fields that differ from the document as stored, as the change to send. */
export function changeOf(document: AdminLibraryDocument, values: EditValues): UpdateLibraryDocumentInput {
  const stored = valuesOf(document);
  const change: Record<string, unknown> = {};
  for (const field of EDIT_FIELDS) {
    const value = typeof values[field] === 'string' ? values[field].trim() : values[field];
    if (value === stored[field]) continue;
    change[field] = field === 'superseded_by' && value === '' ? null : value;
  }
  // A document made current has no replacement; the server clears it.
  if (change.status === 'current') delete change.superseded_by;
  return change as UpdateLibraryDocumentInput;
}

/** Change a document's code, title, edition, issuer, status or tags. */
export function EditLibraryDocumentDialog({ document, onClose }: { document: AdminLibraryDocument; onClose: () => void }) {
  const update = useUpdateLibraryDocument();
  const [values, setValues] = useState<EditValues>(() => valuesOf(document));
  const [errors, setErrors] = useState<FieldErrors<EditField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const statusId = useId();
  const set = (field: EditField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const missing: FieldErrors<EditField> = missingTags(values);
    if (values.code.trim() === '') missing.code = 'Code must not be empty';
    if (values.title.trim() === '') missing.title = 'Title must not be empty';
    if (values.status === 'superseded' && values.superseded_by.trim() === '') {
      missing.superseded_by = 'Give the code of the document that replaced it';
    }
    setErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length > 0) return;
    const change = changeOf(document, values);
    if (Object.keys(change).length === 0) {
      onClose();
      return;
    }
    try {
      const saved = await update.mutateAsync({ id: document.id, change });
      toast.success(`${saved.code} saved`);
      onClose();
    } catch (cause) {
      const shown = submitErrors(cause, EDIT_FIELDS, 'The changes could not be saved.');
      setErrors(shown.fieldErrors);
      setFormError(shown.formError ?? null);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={`Edit ${document.code}`}
      description="Readers see the new details at once. The change is recorded in the audit log."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="library-edit" loading={update.isPending}>
            Save changes
          </Button>
        </>
      }
    >
      <form id="library-edit" onSubmit={submit} noValidate aria-label={`Edit ${document.code}`} className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <DetailFields fields={DETAILS} values={values} onChange={set} errors={errors} />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={statusId} className="font-medium text-slate-800 text-sm">
              Status
            </label>
            <select
              id={statusId}
              value={values.status}
              onChange={(event) => set('status', event.target.value)}
              className="focus-ring h-10 rounded-md border border-slate-300 bg-white px-2 text-base sm:text-sm"
            >
              <option value="current">Current</option>
              <option value="superseded">Superseded</option>
            </select>
          </div>
          {values.status === 'superseded' && <DetailFields fields={REPLACEMENT} values={values} onChange={set} errors={errors} />}
        </div>
        <TagFields values={values} onChange={set} errors={errors} />
        {formError && <Alert>{formError}</Alert>}
      </form>
    </Dialog>
  );
}

/**
 * Mark a document superseded by a current one of the library: the replacement is found by
 * search, and the radar tells the people relying on the old one.
 */
export function SupersedeLibraryDocumentDialog({ document, onClose }: { document: AdminLibraryDocument; onClose: () => void }) {
  const supersede = useSupersedeLibraryDocument();
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query, LIST_SEARCH_DEBOUNCE_MS).trim();
  const candidates = useAdminLibrary(q, 1, 'current');
  const [chosen, setChosen] = useState<AdminLibraryDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = (candidates.data?.documents ?? []).filter((candidate) => candidate.id !== document.id).slice(0, 8);

  const confirm = async () => {
    if (!chosen || supersede.isPending) return;
    setError(null);
    try {
      const answer = await supersede.mutateAsync({ id: document.id, supersededById: chosen.id });
      toast.success(answer.message);
      onClose();
    } catch (cause) {
      setError(submitErrors(cause, [], 'It could not be marked superseded.').formError ?? 'It could not be marked superseded.');
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="md"
      title={`Supersede ${document.code}`}
      description="Choose the document that replaces it. Everyone who favourited it, had it cited in chat or had a policy checked against it is told once, with a link to compare the two."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={!chosen} loading={supersede.isPending}>
            Mark superseded
          </Button>
        </>
      }
    >
      <ListSearch
        value={query}
        onChange={setQuery}
        maxLength={200}
        label="Find the replacement"
        placeholder="Code or title"
        searching={query.trim() !== q || candidates.isFetching}
        announcement={candidates.data ? `${options.length} ${options.length === 1 ? 'document' : 'documents'} found` : ''}
      />
      <fieldset className="mt-3">
        <legend className="sr-only">Replacement</legend>
        {candidates.isError ? (
          <Alert>The library could not be searched.</Alert>
        ) : options.length === 0 && candidates.data ? (
          <p className="text-slate-600 text-sm">No current document matches that search.</p>
        ) : (
          <ul className="max-h-72 space-y-1 overflow-y-auto">
            {options.map((candidate) => (
              <li key={candidate.id}>
                <label
                  className={cn(
                    'flex min-h-11 cursor-pointer items-start gap-3 rounded-md border px-3 py-2 text-sm',
                    chosen?.id === candidate.id ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
                  )}
                >
                  <input
                    type="radio"
                    name="replacement"
                    className="mt-1"
                    checked={chosen?.id === candidate.id}
                    onChange={() => setChosen(candidate)}
                  />
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{candidate.code}</span>
                    <span className="block text-slate-600">
                      {candidate.title}
                      {candidate.edition ? ` (${candidate.edition})` : ''}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      {error && <Alert className="mt-3">{error}</Alert>}
    </Dialog>
  );
}
