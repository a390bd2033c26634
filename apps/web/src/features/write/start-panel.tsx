import { type CreateWriteDocumentForm, WRITE_KIND_LABELS, type WriteJob, type WriteKind } from '@verity/shared';
import { Sparkles } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { checkParsed, parseWith, useFormSubmit, preloadFormSchemas } from '../../hooks/use-form-submit';
import { type FieldErrors, submitErrors } from '../../lib/form-errors';
import { useCreateWriteDocument, writeDocumentPath } from './api';
import { DocumentKindChoice } from './document-kind-choice';
import { GENERATION_FAILED_MESSAGE, GenerationProgress } from './generation-progress';
import { MeetingDetails } from './meeting-details';
import { TranscriptSource, type TranscriptSourceKind } from './transcript-source';

export const CREATE_FAILED_MESSAGE = 'The transcript could not be sent. Please try again.';

interface FormValues {
  text: string;
  kind: WriteKind;
  title: string;
  meeting_date: string;
}
type Field = keyof FormValues | 'file';
const FIELDS: readonly Field[] = ['file', 'text', 'kind', 'title', 'meeting_date'];

/**
 * The start of /write: a transcript (a file dropped or chosen, or pasted text), what to produce,
 * and optionally the meeting's title and date. Generate sends it; the page then shows the stages
 * of writing and opens the document when it is ready. A refusal (an empty, unreadable or oversized
 * transcript) is shown in the server's words, and what was entered stays for another try.
 */
export function StartPanel() {
  const navigate = useNavigate();
  const create = useCreateWriteDocument();
  const [source, setSource] = useState<TranscriptSourceKind>('file');
  const [file, setFile] = useState<File | null>(null);
  const [values, setValues] = useState<FormValues>({ text: '', kind: 'minutes', title: '', meeting_date: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  /** The job writing the document just sent, while it runs. */
  const [jobId, setJobId] = useState<string | null>(null);
  const [generationError, setGenerationError] = useState<string | null>(null);

  const hasTranscript = source === 'file' ? file !== null : values.text.trim() !== '';
  const transcriptError = fieldErrors.file ?? fieldErrors.text;

  /** A field's message goes as soon as it is edited; the transcript's whichever way it is given. */
  const update = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined, ...(field === 'text' ? { file: undefined } : {}) }));
  };
  const setTranscriptError = (message: string | undefined) => setFieldErrors((current) => ({ ...current, file: message, text: undefined }));

  const { formError, handleSubmit } = useFormSubmit({
    check: async () =>
      checkParsed<Field, CreateWriteDocumentForm>(
        await parseWith((schemas) => schemas.createWriteDocumentSchema, {
          file: source === 'file' ? (file ?? undefined) : undefined,
          text: source === 'paste' ? values.text : undefined,
          kind: values.kind,
          title: values.title,
          meeting_date: values.meeting_date,
        }),
      ),
    setFieldErrors,
    send: (data) => create.mutateAsync(data),
    failure: (error) => submitErrors(error, FIELDS, CREATE_FAILED_MESSAGE),
    onSuccess: (created) => {
      setGenerationError(null);
      setJobId(created.job_id);
    },
  });

  const onSucceeded = useCallback((job: WriteJob) => void navigate(writeDocumentPath(job.external_id)), [navigate]);
  const onFailed = useCallback((job: WriteJob) => {
    setJobId(null);
    setGenerationError(job.error || GENERATION_FAILED_MESSAGE);
  }, []);

  if (jobId) {
    return (
      <GenerationProgress
        jobId={jobId}
        title={`Writing your ${WRITE_KIND_LABELS[values.kind].toLowerCase()}`}
        onSucceeded={onSucceeded}
        onFailed={onFailed}
      />
    );
  }

  return (
    <form
      onInput={preloadFormSchemas}
      onSubmit={handleSubmit}
      noValidate
      aria-labelledby="write-start-heading"
      data-tour="write-start"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6"
    >
      <h2 id="write-start-heading" className="font-semibold text-lg text-slate-900">
        Start from a meeting transcript
      </h2>

      {generationError && (
        <Alert className="mt-4" title="The document could not be written">
          {generationError}
        </Alert>
      )}

      <div data-tour="write-upload">
        <TranscriptSource
          source={source}
          onSourceChange={setSource}
          file={file}
          onFile={(chosen) => {
            setFile(chosen);
            setTranscriptError(undefined);
          }}
          onReject={(message) => setTranscriptError(message)}
          text={values.text}
          onTextChange={(text) => update('text', text)}
          error={transcriptError}
        />
      </div>

      <div data-tour="write-kind">
        <DocumentKindChoice value={values.kind} onChange={(kind) => update('kind', kind)} error={fieldErrors.kind} />
      </div>

      <MeetingDetails
        title={values.title}
        onTitleChange={(title) => update('title', title)}
        date={values.meeting_date}
        onDateChange={(date) => update('meeting_date', date)}
        titleError={fieldErrors.title}
        dateError={fieldErrors.meeting_date}
      />

      {formError && <Alert className="mt-5">{formError}</Alert>}

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!hasTranscript} loading={create.isPending}>
          <Sparkles aria-hidden="true" className="size-4" />
          Generate
        </Button>
        {!hasTranscript && (
          <p className="text-slate-600 text-sm">{source === 'file' ? 'Choose a transcript file first.' : 'Paste the transcript first.'}</p>
        )}
      </div>
    </form>
  );
}
