import { isWriteId, WRITE_KIND_LABELS, type WriteDocument } from '@verity/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { ButtonLink } from '../../components/ui/button-link';
import { LoadingState } from '../../components/ui/loading-state';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { isWriteNotFound, useWriteDocument, WRITE_PATH, writeKeys } from './api';
import { DeleteDocumentDialog } from './delete-document-dialog';
import { DocumentHeader } from './document-header';
import { DocumentWorkspace } from './document-workspace';
import { GENERATION_FAILED_MESSAGE, GenerationProgress } from './generation-progress';
import { NotFound, PageLoadError } from './page-states';

type ReadyDocument = WriteDocument & { content: NonNullable<WriteDocument['content']> };

function isReady(document: WriteDocument): document is ReadyDocument {
  return document.status === 'ready' && document.content !== null;
}

/**
 * /write/{external_id}: a document while it is written (its progress), when writing failed (why,
 * and the way back), and once ready (the editor beside what was found in the transcript).
 */
export function WriteDocumentPage() {
  const { external_id: externalId = '' } = useParams();
  return isWriteId(externalId) ? <DocumentPage key={externalId} externalId={externalId} /> : <NotFound />;
}

function DocumentPage({ externalId }: { externalId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useWriteDocument(externalId);
  // Bumped to mount the editor and its autosave afresh on the reloaded document.
  const [loadCount, setLoadCount] = useState(0);
  const [deleting, setDeleting] = useState(false);
  useDocumentTitle(query.data?.title);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: writeKeys.document(externalId), exact: true }),
    [queryClient, externalId],
  );
  const reload = async () => {
    await queryClient.refetchQueries({ queryKey: writeKeys.document(externalId), exact: true });
    setLoadCount((count) => count + 1);
  };

  if (query.isPending) return <LoadingState message="Loading the document…" />;
  if (query.isError) {
    return isWriteNotFound(query.error) ? (
      <NotFound />
    ) : (
      <PageLoadError error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />
    );
  }
  const document = query.data;
  if (isReady(document)) return <DocumentWorkspace key={loadCount} document={document} onReload={reload} />;

  let state: ReactNode;
  if (document.status === 'generating' && document.job_id) {
    state = (
      <GenerationProgress
        jobId={document.job_id}
        title={`Writing your ${WRITE_KIND_LABELS[document.kind].toLowerCase()}`}
        onSucceeded={refresh}
        onFailed={refresh}
      />
    );
  } else if (document.status === 'generating') {
    state = <LoadingState message="The document is being written…" />;
  } else {
    state = (
      <Alert title="This document could not be written">
        <p>{document.error || GENERATION_FAILED_MESSAGE}</p>
        <ButtonLink to={WRITE_PATH} variant="secondary" size="sm" className="mt-3">
          Back to Write
        </ButtonLink>
      </Alert>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-8">
      <DocumentHeader document={document} onDelete={() => setDeleting(true)} />
      <div className="mt-6">{state}</div>
      <DeleteDocumentDialog
        document={deleting ? document : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(WRITE_PATH, { replace: true })}
      />
    </div>
  );
}
