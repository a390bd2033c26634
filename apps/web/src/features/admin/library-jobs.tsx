import type { LibraryJob } from '@verity/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPagination, pageCount } from '../../components/list-pagination';
import { PanelSection, QueryContent } from '../../components/panel-section';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/form-errors';
import { wikiCitationPath } from '../../lib/wiki-path';
import { useLibraryJobs, useRetryLibraryJob } from './api';
import { auditTime } from './audit-labels';

const STATUS_LABELS: Record<LibraryJob['status'], string> = {
  queued: 'Waiting',
  running: 'Reading',
  succeeded: 'Added',
  failed: 'Failed',
};

const STATUS_STYLES: Record<LibraryJob['status'], string> = {
  queued: 'bg-slate-100 text-slate-700',
  running: 'bg-sky-50 text-sky-800',
  succeeded: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-800',
};

/** What a job came to, in words: the document it stored, where it has got to, or why it failed. */
export function jobOutcome(job: LibraryJob): string {
  if (job.status === 'succeeded') {
    if (job.created === false) return 'Already in the library; nothing changed.';
    return job.document ? `${job.document.code}: ${job.document.title}` : 'Added; the document has since been deleted.';
  }
  if (job.status === 'failed') return job.error ?? 'It failed without a reason.';
  if (job.status === 'running') {
    const { stage, pages } = job.progress;
    if (stage === 'storing') return 'Adding it to the library…';
    return pages === undefined ? 'Reading the file…' : `Reading the file (${pages} pages)…`;
  }
  return job.error ? `${job.error}` : 'Waiting to start…';
}

/** Every ingestion, admin uploads and the ingestion API's alike: progress, errors and a retry for failed ones whose file is kept. */
export function LibraryJobs() {
  const [page, setPage] = useState(1);
  const jobs = useLibraryJobs(page);
  return (
    <PanelSection
      title="Ingestion jobs"
      description="Each file added to the library, newest first. A failed file is kept for 7 days so that it can be tried again."
    >
      <QueryContent query={jobs} loadingMessage="Loading ingestion jobs…" errorMessage="The ingestion jobs could not be loaded.">
        {(data) =>
          data.jobs.length === 0 ? (
            <p className="text-slate-600 text-sm">No files have been added yet.</p>
          ) : (
            <>
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
                {data.jobs.map((job) => (
                  <JobItem key={job.id} job={job} />
                ))}
              </ul>
              <ListPagination
                page={data.page}
                pages={pageCount(data)}
                label="Pages of ingestion jobs"
                busy={jobs.isFetching}
                onPage={setPage}
              />
            </>
          )
        }
      </QueryContent>
    </PanelSection>
  );
}

function JobItem({ job }: { job: LibraryJob }) {
  const retry = useRetryLibraryJob();
  const name = job.filename ?? 'A file';
  const onRetry = async () => {
    try {
      await retry.mutateAsync(job.id);
      toast.success(`${name} queued again`);
    } catch (cause) {
      toast.error(errorMessage(cause, 'It could not be queued again.'));
    }
  };
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-2 px-3 py-2.5 text-sm">
      <span className={cn('mt-0.5 rounded-full px-2 py-0.5 font-medium text-xs', STATUS_STYLES[job.status])}>
        {STATUS_LABELS[job.status]}
      </span>
      <div className="min-w-0 flex-1 basis-64">
        <p className="break-words font-medium text-slate-900">{name}</p>
        <p className={cn('break-words', job.status === 'failed' ? 'text-red-800' : 'text-slate-600')}>
          {job.status === 'succeeded' && job.document ? (
            <Link
              to={wikiCitationPath({ document_id: job.document.id, element_ids: [] })}
              className="focus-ring rounded-sm text-brand-800 underline underline-offset-2"
            >
              {jobOutcome(job)}
            </Link>
          ) : (
            jobOutcome(job)
          )}
        </p>
        <p className="text-slate-500 text-xs">
          {auditTime(job.created_at)} · {job.uploaded_by ? `by ${job.uploaded_by}` : 'through the ingestion API'}
        </p>
      </div>
      {job.retryable && (
        <Button variant="secondary" size="sm" loading={retry.isPending} aria-label={`Retry ${name}`} onClick={() => void onRetry()}>
          Retry
        </Button>
      )}
    </li>
  );
}
