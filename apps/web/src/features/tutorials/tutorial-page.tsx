import { MESSAGES } from '@verity/shared';
import { Clock, PlayCircle } from 'lucide-react';
import { useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { NotFoundState } from '../../components/not-found-state';
import { Alert } from '../../components/ui/alert';
import { LoadingState } from '../../components/ui/loading-state';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useMayOpen } from '../../hooks/use-may';
import { isApiError } from '../../lib/api-client';
import { useTutorial } from './api';
import { MarkdownBody } from '../../components/markdown-body';

/** /tutorials/{slug}: one tutorial, its Markdown drawn safely, with its video when it has one. */
export function TutorialPage() {
  const { slug = '' } = useParams();
  const tutorial = useTutorial(slug);
  const mayList = useMayOpen('/tutorials');
  useDocumentTitle(tutorial.data?.title);

  if (tutorial.isError && isApiError(tutorial.error) && tutorial.error.status === 404) {
    return (
      <NotFoundState title="Tutorial not found" back={mayList ? { to: '/tutorials', label: 'All tutorials' } : undefined}>
        This tutorial does not exist, or it is no longer published.
      </NotFoundState>
    );
  }
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-8 sm:py-10">
      {mayList && <BackLink to="/tutorials">All tutorials</BackLink>}
      {tutorial.isError ? (
        <Alert title="The tutorial could not be loaded" className="mt-6">
          {MESSAGES.tutorialsLoadFailed}
        </Alert>
      ) : tutorial.isPending ? (
        <LoadingState message="Loading the tutorial…" />
      ) : (
        <>
          <header className="mt-4 border-slate-200 border-b pb-6">
            <h1 className="font-semibold text-2xl text-slate-900 tracking-tight sm:text-3xl">{tutorial.data.title}</h1>
            <p className="mt-2 text-lg text-slate-600">{tutorial.data.summary}</p>
            <p className="mt-3 flex items-center gap-1 text-slate-500 text-sm">
              <Clock aria-hidden="true" className="size-4" />
              {tutorial.data.minutes} min read
            </p>
            {tutorial.data.video_url && (
              <a
                href={tutorial.data.video_url}
                target="_blank"
                rel="noopener noreferrer"
                className="focus-ring mt-4 inline-flex items-center gap-2 rounded-md font-medium text-brand-800 underline-offset-2 hover:underline"
              >
                <PlayCircle aria-hidden="true" className="size-5" />
                Watch the video
              </a>
            )}
          </header>
          <div className="mt-6">
            <MarkdownBody markdown={tutorial.data.body} screenshots={tutorial.data.screenshots} />
          </div>
        </>
      )}
    </article>
  );
}
