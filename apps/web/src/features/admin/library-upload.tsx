import { INGEST_FILE_EXTENSIONS, type LibraryJob } from '@verity/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { extensionsSentence, FileDropZone } from '../../components/file-drop-zone';
import { IngestJobProgress } from '../../components/ingest-job-progress';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { type FieldErrors, submitErrors } from '../../lib/form-errors';
import { adminKeys, uploadLibraryDocument, useLibraryJob } from './api';
import { type DetailField, DetailFields } from '../../components/detail-fields';
import { missingTags, TagFields, type TagField } from './library-fields';

const FORM_FIELDS = ['file', 'code', 'title', 'edition', 'issuer', 'category', 'domain', 'subdomain', 'supersedes'] as const;
type FormField = (typeof FORM_FIELDS)[number];

const DETAILS: readonly DetailField<'code' | 'title' | 'edition' | 'issuer' | 'supersedes'>[] = [
  { name: 'code', label: 'Code', max: 100, hint: 'Left blank, the file name' },
  { name: 'title', label: 'Title', max: 500, hint: 'Left blank, the document’s own title' },
  { name: 'edition', label: 'Edition', max: 100 },
  { name: 'issuer', label: 'Issuer', max: 200 },
  {
    name: 'supersedes',
    label: 'Replaces (code)',
    max: 200,
    hint: 'The people relying on that document will be told about this one',
    wide: true,
  },
];

const EMPTY = { code: '', title: '', edition: '', issuer: '', category: '', domain: '', subdomain: '', supersedes: '' };

/**
 * Add a document to the shared library: the file and its details, sent with progress, then the
 * ingestion job followed stage by stage until the document is stored or the job says why not.
 */
export function LibraryUploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<FormField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const job = useLibraryJob(jobId);

  const reset = useCallback(() => {
    setFile(null);
    setValues(EMPTY);
    setErrors({});
    setFormError(null);
    setSent(null);
    setJobId(null);
    setFailure(null);
  }, []);

  const close = () => {
    abort.current?.abort();
    abort.current = null;
    reset();
    onClose();
  };

  // Editing a field clears its message; the next submit checks it again.
  const set = (field: keyof typeof EMPTY, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sent !== null) return;
    const missing: FieldErrors<FormField> = { ...missingTags(values), ...(file ? {} : { file: 'Choose the file to add' }) };
    setErrors(missing);
    setFormError(null);
    if (!file || Object.keys(missing).length > 0) return;
    const controller = new AbortController();
    abort.current = controller;
    setSent(0);
    try {
      const accepted = await uploadLibraryDocument(
        {
          file,
          category: values.category,
          domain: values.domain,
          subdomain: values.subdomain,
          code: values.code,
          title: values.title,
          edition: values.edition,
          issuer: values.issuer,
          supersedes: values.supersedes.trim() === '' ? [] : [values.supersedes.trim()],
        },
        setSent,
        controller.signal,
      );
      setJobId(accepted.id);
      void queryClient.invalidateQueries({ queryKey: adminKeys.library });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') return;
      const shown = submitErrors(cause, FORM_FIELDS, 'The file could not be sent.');
      setErrors(shown.fieldErrors);
      setFormError(shown.formError ?? null);
      setSent(null);
    }
  };

  const onSucceeded = useCallback(
    (done: LibraryJob) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.library });
      toast.success(
        done.created === false
          ? `${done.filename ?? 'This file'} was already in the library`
          : `${done.document?.code ?? 'The document'} added`,
      );
      abort.current = null;
      reset();
      onClose();
    },
    [queryClient, onClose, reset],
  );
  const onFailed = useCallback(
    (failed: LibraryJob) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.library });
      setFailure(failed.error ?? 'The file could not be added.');
    },
    [queryClient],
  );

  const sending = sent !== null && jobId === null;
  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title="Add a document to the library"
      description="Every organisation reads the shared library. The file is checked and read on the server; its details can be changed later."
      footer={
        jobId === null ? (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" form="library-upload" loading={sending}>
              Add document
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={close}>
            {failure ? 'Close' : 'Close and keep going in the background'}
          </Button>
        )
      }
    >
      {jobId !== null ? (
        failure ? (
          <Alert title="The document was not added">{failure}</Alert>
        ) : (
          <IngestJobProgress job={job} title={`Adding ${file?.name ?? 'the document'}`} onSucceeded={onSucceeded} onFailed={onFailed} />
        )
      ) : (
        <form id="library-upload" onSubmit={submit} noValidate aria-label="Add a document" className="space-y-4">
          <div>
            <FileDropZone
              file={file}
              onFile={(chosen) => {
                setFile(chosen);
                setErrors((current) => ({ ...current, file: undefined }));
              }}
              onReject={(message) => setErrors((current) => ({ ...current, file: message }))}
              extensions={INGEST_FILE_EXTENSIONS}
              noun="a document"
              label="Document file"
              kinds="PDF, Word, HTML, Markdown or text"
              wrongTypeMessage={`Choose a ${extensionsSentence(INGEST_FILE_EXTENSIONS)} file.`}
              errorId={errors.file ? 'library-upload-file-error' : undefined}
              invalid={errors.file !== undefined}
            />
            {errors.file && (
              <p id="library-upload-file-error" className="mt-1.5 text-red-700 text-sm">
                {errors.file}
              </p>
            )}
            {sending && (
              <div className="mt-3">
                <p className="text-slate-600 text-sm" aria-live="polite">
                  Sending… {Math.round((sent ?? 0) * 100)}%
                </p>
                <progress className="mt-1 h-2 w-full accent-brand-700" max={1} value={sent ?? 0} aria-label="Sending the file" />
              </div>
            )}
          </div>
          <TagFields values={values} onChange={(field: TagField, value) => set(field, value)} errors={errors} />
          <div className="grid gap-3 sm:grid-cols-2">
            <DetailFields fields={DETAILS} values={values} onChange={set} errors={errors} />
          </div>
          {formError && <Alert>{formError}</Alert>}
        </form>
      )}
    </Dialog>
  );
}
