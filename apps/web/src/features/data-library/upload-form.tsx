import { DATA_LIBRARY_DEFAULT_TAGS, type DataLibraryDocument, INGEST_FILE_EXTENSIONS, type LibraryJob } from '@verity/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { extensionsSentence, FileDropZone } from '../../components/file-drop-zone';
import { IngestJobProgress } from '../../components/ingest-job-progress';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { type DetailField, DetailFields } from '../../components/detail-fields';
import { toast } from '../../components/ui/toast';
import { type FieldErrors, submitErrors } from '../../lib/form-errors';
import { dataLibraryKeys, sendDocument, useUploadJob } from './api';

const FIELDS = ['file', 'title', 'category', 'domain', 'subdomain'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY = { title: '', category: '', domain: '', subdomain: '' };
const DETAILS: readonly DetailField<keyof typeof EMPTY>[] = [
  { name: 'title', label: 'Title (optional)', max: 500, hint: 'Left blank, the document’s own title', wide: true },
  { name: 'category', label: 'Category', max: 100, placeholder: DATA_LIBRARY_DEFAULT_TAGS.category },
  { name: 'domain', label: 'Domain', max: 100, placeholder: DATA_LIBRARY_DEFAULT_TAGS.domain },
  { name: 'subdomain', label: 'Subdomain', max: 200, placeholder: DATA_LIBRARY_DEFAULT_TAGS.subdomain },
];

/**
 * Send a file to the organisation's library — a new document, or a new version of `replacing` —
 * with progress while it is sent, then its ingestion followed stage by stage.
 */
export function UploadForm({ replacing, onDone }: { replacing?: DataLibraryDocument; onDone?: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [details, setDetails] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const job = useUploadJob(jobId);

  const reset = useCallback(() => {
    setFile(null);
    setDetails(EMPTY);
    setErrors({});
    setFormError(null);
    setSent(null);
    setJobId(null);
    setFailure(null);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sent !== null) return;
    if (!file) {
      setErrors({ file: 'Choose the file to add' });
      return;
    }
    setErrors({});
    setFormError(null);
    setSent(0);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const accepted = await sendDocument({ file, ...details }, setSent, { replacing: replacing?.id, signal: controller.signal });
      setJobId(accepted.id);
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') return;
      const shown = submitErrors(cause, FIELDS, 'The file could not be sent.');
      setErrors(shown.fieldErrors);
      setFormError(shown.formError ?? null);
      setSent(null);
    }
  };

  const onSucceeded = useCallback(
    (done: LibraryJob) => {
      void queryClient.invalidateQueries({ queryKey: dataLibraryKeys.all });
      const name = done.document?.title ?? done.filename ?? 'The document';
      toast.success(
        done.created === false ? `${name} was already in your library` : replacing ? `New version of ${name} added` : `${name} added`,
      );
      reset();
      onDone?.();
    },
    [queryClient, reset, onDone, replacing],
  );
  const onFailed = useCallback((failed: LibraryJob) => setFailure(failed.error ?? 'The file could not be added.'), []);

  if (jobId !== null) {
    return failure ? (
      <div className="space-y-3">
        <Alert title="The file was not added">{failure}</Alert>
        <Button variant="secondary" onClick={reset}>
          Choose another file
        </Button>
      </div>
    ) : (
      <IngestJobProgress job={job} title={`Adding ${file?.name ?? 'the file'}`} onSucceeded={onSucceeded} onFailed={onFailed} />
    );
  }

  const set = (field: keyof typeof EMPTY, value: string) => setDetails((current) => ({ ...current, [field]: value }));
  const sending = sent !== null;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={replacing ? `New version of ${replacing.title}` : 'Add a document'}
      className="space-y-4"
    >
      <div>
        <FileDropZone
          file={file}
          onFile={(chosen) => {
            setFile(chosen);
            setErrors({});
          }}
          onReject={(message) => setErrors({ file: message })}
          extensions={INGEST_FILE_EXTENSIONS}
          noun={replacing ? 'the new version' : 'a document'}
          label={replacing ? 'New version file' : 'Document file'}
          kinds="PDF, Word, HTML, Markdown or text"
          wrongTypeMessage={`Choose a ${extensionsSentence(INGEST_FILE_EXTENSIONS)} file.`}
          errorId={errors.file ? 'data-library-file-error' : undefined}
          invalid={errors.file !== undefined}
        />
        {errors.file && (
          <p id="data-library-file-error" className="mt-1.5 text-red-700 text-sm">
            {errors.file}
          </p>
        )}
      </div>
      {!replacing && (
        <div className="grid gap-3 sm:grid-cols-2">
          <DetailFields fields={DETAILS} values={details} onChange={set} errors={errors} />
        </div>
      )}
      {sending && (
        <div>
          <p className="text-slate-600 text-sm" aria-live="polite">
            Sending… {Math.round((sent ?? 0) * 100)}%
          </p>
          <progress className="mt-1 h-2 w-full accent-brand-700" max={1} value={sent ?? 0} aria-label="Sending the file" />
        </div>
      )}
      {formError && <Alert>{formError}</Alert>}
      <Button type="submit" loading={sending}>
        {replacing ? 'Upload new version' : 'Add to our library'}
      </Button>
    </form>
  );
}
