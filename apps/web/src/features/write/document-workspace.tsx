import type { WriteDocument } from '@verity/shared';
import { RefreshCw, TextQuote } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadingState } from '../../components/ui/loading-state';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api-client';
import { errorDialogPayloadFromClientError, openErrorDialog } from '../../lib/error-dialog-store';
import { recordOnboardingProgress } from '../../lib/onboarding-progress';
import { downloadWriteDocx, WRITE_PATH } from './api';
import { DeleteDocumentDialog } from './delete-document-dialog';
import { DocumentHeader } from './document-header';
import { EvidencePanel } from './evidence-panel';
import { ItemsList, ReferencesList } from './findings-panel';
import { itemName } from './items';
import { SaveStateIndicator } from './save-state';
import { useAutosave } from './use-autosave';

/** The editor is a chunk of its own (TipTap and its styles): only a document page loads it. */
const DocumentEditor = lazy(async () => ({ default: (await import('./document-editor')).DocumentEditor }));

/** Beside the document from this width up (Tailwind's lg); below it the panel stacks under the text. */
const SIDE_BY_SIDE = '(min-width: 1024px)';

export const DOWNLOAD_FAILED_MESSAGE = 'The document could not be downloaded. Please try again.';
export const DOWNLOAD_UNSAVED_MESSAGE = 'Your latest changes are not saved yet, so the download has the last saved version.';

export interface DocumentWorkspaceProps {
  /** A ready document (content and findings present). */
  document: WriteDocument & { content: NonNullable<WriteDocument['content']> };
  /** After a save was refused because the document changed elsewhere: load it again. */
  onReload: () => Promise<unknown>;
}

/**
 * A ready document: its header with the save state and the Word download, the editor, and beside
 * it (below it on a phone) the decisions, actions and references found, with the transcript
 * lines of the one chosen, whether in the text or in the list.
 */
export function DocumentWorkspace({ document, onReload }: DocumentWorkspaceProps) {
  const navigate = useNavigate();
  const autosave = useAutosave(document.external_id, document.version);
  const [selectedItem, setSelectedItem] = useState<string | null>(null);
  // On a phone, after an item is clicked in the text: a button to its lines, under the whole document.
  const [offerJump, setOfferJump] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const evidenceHeading = useRef<HTMLHeadingElement>(null);
  const { status, message } = autosave.state;

  const download = async () => {
    setDownloading(true);
    try {
      if (!(await autosave.settle())) toast.info(DOWNLOAD_UNSAVED_MESSAGE);
      await downloadWriteDocx(document.external_id);
      recordOnboardingProgress('write', 'docx_downloaded');
      toast.success('The document was downloaded');
    } catch (error) {
      if (isApiError(error)) openErrorDialog(errorDialogPayloadFromClientError(error.clientError));
      else toast.error(DOWNLOAD_FAILED_MESSAGE);
    } finally {
      setDownloading(false);
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };

  /** Chosen in the side panel: beside the text, the text scrolls to the item too. */
  const selectFromList = (item: string) => {
    setSelectedItem(item);
    if (window.matchMedia(SIDE_BY_SIDE).matches) {
      const rows = window.document.querySelectorAll('[data-editor-root] [data-item]');
      [...rows].find((row) => row.getAttribute('data-item') === item)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    }
  };

  const selectFromText = (item: string) => {
    setSelectedItem(item);
    setOfferJump(true);
  };

  const closeEvidence = () => {
    setSelectedItem(null);
    setOfferJump(false);
  };

  const showEvidence = () => {
    setOfferJump(false);
    evidenceHeading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    evidenceHeading.current?.focus({ preventScroll: true });
  };

  return (
    <div className="mx-auto w-full max-w-[88rem] px-4 py-6 sm:px-6 lg:px-8">
      <DocumentHeader
        document={document}
        status={<SaveStateIndicator status={status} />}
        onDownload={download}
        downloading={downloading}
        onDelete={() => setDeleting(true)}
      />

      {status === 'conflict' && (
        <Alert className="mt-4" title="This document was changed elsewhere">
          <p>{message}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={reload} loading={reloading}>
            {!reloading && <RefreshCw aria-hidden="true" className="size-4" />}
            Reload
          </Button>
        </Alert>
      )}
      {status === 'failed' && message && (
        <Alert className="mt-4" title="Your latest changes are not saved">
          {message}
        </Alert>
      )}

      <div className="mt-5 flex flex-col gap-5 lg:flex-row lg:items-start">
        <section aria-label="Document" className="min-w-0 flex-1 rounded-xl border border-slate-200 bg-white shadow-xs">
          <Suspense fallback={<LoadingState message="Opening the editor…" />}>
            <DocumentEditor
              content={document.content}
              onChange={autosave.change}
              onItemClick={selectFromText}
              selectedItem={selectedItem}
            />
          </Suspense>
        </section>

        <aside
          aria-label="Where it came from"
          className="flex flex-col gap-4 lg:sticky lg:top-6 lg:max-h-[calc(100dvh-3rem)] lg:w-96 lg:shrink-0 lg:overflow-y-auto lg:pb-1"
        >
          {selectedItem && (
            <EvidencePanel
              key={selectedItem}
              externalId={document.external_id}
              item={selectedItem}
              onClose={closeEvidence}
              headingRef={evidenceHeading}
            />
          )}
          {document.findings ? (
            <>
              <ItemsList findings={document.findings} selectedItem={selectedItem} onSelect={selectFromList} />
              <ReferencesList references={document.findings.references} />
            </>
          ) : (
            <p className="text-slate-600 text-sm">What was found in the transcript is not available for this document.</p>
          )}
        </aside>
      </div>

      {selectedItem && offerJump && (
        // On a phone the panel is under the whole document: one tap takes the person to it.
        <div className="pointer-events-none sticky bottom-20 z-20 mt-4 flex justify-center md:bottom-4 lg:hidden">
          <Button className="pointer-events-auto shadow-lg" onClick={showEvidence}>
            <TextQuote aria-hidden="true" className="size-4" />
            Where {itemName(selectedItem).toLowerCase()} came from
          </Button>
        </div>
      )}

      <DeleteDocumentDialog
        document={deleting ? document : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(WRITE_PATH, { replace: true })}
      />
    </div>
  );
}
