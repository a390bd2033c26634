import { type CreateReviewForm, REVIEW_TITLE_MAX_LENGTH, type ReviewJob } from '@verity/shared';
import { ScanSearch } from 'lucide-react';
import { type FormEvent, useCallback, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { checkParsed, parseWith, useFormSubmit, preloadFormSchemas } from '../../hooks/use-form-submit';
import { type FieldErrors, submitErrors } from '../../lib/form-errors';
import { recordOnboardingProgress } from '../../lib/onboarding-progress';
import { reviewPath, useCreateReview } from './api';
import { PolicyDropZone } from './policy-drop-zone';
import { REVIEW_FAILED_MESSAGE, ReviewProgress } from './review-progress';

export const CREATE_FAILED_MESSAGE = 'The policy could not be sent. Please try again.';

type Field = 'file' | 'title';
const FIELDS: readonly Field[] = ['file', 'title'];

export interface StartPanelProps {
  /** A new version of this review: the new review is linked to it and shows what changed. */
  previousId?: string;
  /** The form's heading. */
  heading?: string;
}

/**
 * The start of a review: a policy file (dropped or chosen) and optionally its title. Start review
 * sends it; the panel then shows the stages of the review and opens it when it is finished. A
 * refusal (an empty, unreadable, encrypted or oversized file) is shown in the server's words, and
 * what was entered stays for another try.
 */
export function StartPanel({ previousId, heading = 'Review a policy' }: StartPanelProps) {
  const navigate = useNavigate();
  const create = useCreateReview(previousId);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  /** The job reviewing the policy just sent, while it runs. */
  const [jobId, setJobId] = useState<string | null>(null);
  const [reviewError, setReviewError] = useState<string | null>(null);
  const headingId = useId();
  const fileErrorId = useId();

  const { formError, handleSubmit } = useFormSubmit({
    check: async () =>
      checkParsed<Field, CreateReviewForm>(await parseWith((schemas) => schemas.createReviewSchema, { file: file ?? undefined, title })),
    setFieldErrors,
    send: (data) => create.mutateAsync(data),
    failure: (error) => submitErrors(error, FIELDS, CREATE_FAILED_MESSAGE),
    onSuccess: (created) => {
      setReviewError(null);
      setJobId(created.job_id);
    },
  });

  const onSucceeded = useCallback((job: ReviewJob) => void navigate(reviewPath(job.review_id)), [navigate]);
  const onFailed = useCallback((job: ReviewJob) => {
    setJobId(null);
    setReviewError(job.error || REVIEW_FAILED_MESSAGE);
  }, []);

  if (jobId) {
    return <ReviewProgress jobId={jobId} title="Reviewing your policy" onSucceeded={onSucceeded} onFailed={onFailed} />;
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (file) recordOnboardingProgress('review', 'start_clicked');
    void handleSubmit(event);
  };

  return (
    <form
      onInput={preloadFormSchemas}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={headingId}
      data-tour="review-start"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6"
    >
      <h2 id={headingId} className="font-semibold text-lg text-slate-900">
        {heading}
      </h2>

      {reviewError && (
        <Alert className="mt-4" title="The policy could not be reviewed">
          {reviewError}
        </Alert>
      )}

      <div className="mt-4" data-tour="review-upload">
        <PolicyDropZone
          file={file}
          onFile={(chosen) => {
            setFile(chosen);
            setFieldErrors((current) => ({ ...current, file: undefined }));
          }}
          onReject={(message) => setFieldErrors((current) => ({ ...current, file: message }))}
          onChoose={() => recordOnboardingProgress('review', 'upload_clicked')}
          errorId={fieldErrors.file ? fileErrorId : undefined}
          invalid={Boolean(fieldErrors.file)}
        />
        {fieldErrors.file && (
          <p id={fileErrorId} className="mt-1.5 text-red-700 text-sm">
            {fieldErrors.file}
          </p>
        )}
      </div>

      <TextField
        className="mt-5"
        label="Policy title (optional)"
        name="title"
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          setFieldErrors((current) => ({ ...current, title: undefined }));
        }}
        maxLength={REVIEW_TITLE_MAX_LENGTH}
        hint="Left blank, it is taken from the policy."
        autoComplete="off"
        error={fieldErrors.title}
      />

      {formError && <Alert className="mt-5">{formError}</Alert>}

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!file} loading={create.isPending}>
          <ScanSearch aria-hidden="true" className="size-4" />
          Start review
        </Button>
        {!file && <p className="text-slate-600 text-sm">Choose a policy file first.</p>}
      </div>
    </form>
  );
}
