import type { IngestJobProgress as Progress, LibraryJob } from '@verity/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { JobStageProgress } from './job-stage-progress';

const STAGES = ['queued', 'parsing', 'storing', 'done'] as const;
const LABELS = [
  ['parsing', 'Reading the file'],
  ['storing', 'Adding it to the library'],
] as const;

/** What reading and storing found so far: "12 pages", "340 passages". */
export function ingestStageDetail(stage: (typeof STAGES)[number], progress: Progress): string | null {
  if (stage === 'parsing' && progress.pages !== undefined) return `${progress.pages} ${progress.pages === 1 ? 'page' : 'pages'}`;
  if (stage === 'storing' && progress.elements !== undefined) return `${progress.elements} passages`;
  return null;
}

/** An uploaded file's ingestion (the admin area's library, an organisation's data library), stage by stage. */
export function IngestJobProgress({
  job,
  title,
  onSucceeded,
  onFailed,
}: {
  job: UseQueryResult<LibraryJob>;
  title: string;
  onSucceeded: (job: LibraryJob) => void;
  onFailed: (job: LibraryJob) => void;
}) {
  return (
    <JobStageProgress
      job={job}
      title={title}
      stages={STAGES}
      labels={LABELS}
      detail={ingestStageDetail}
      subject="library"
      onSucceeded={onSucceeded}
      onFailed={onFailed}
    />
  );
}
