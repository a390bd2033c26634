import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { downloadSampleTranscript } from './api';
import { DocumentList } from './document-list';
import { StartPanel } from './start-panel';

/** "Download a sample transcript": the Water Safety Group meeting the app serves, to try the tool with. */
function SampleTranscriptButton() {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadSampleTranscript();
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button variant="secondary" onClick={download} loading={downloading} className="shrink-0">
      {!downloading && <FileDown aria-hidden="true" className="size-4" />}
      Download a sample transcript
    </Button>
  );
}

/**
 * /write: start a document from a meeting transcript, and the documents written so far. The
 * document itself opens at /write/{external_id} (WriteDocumentPage).
 */
export function WritePage() {
  useDocumentTitle();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-8 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="font-semibold text-2xl text-slate-900 tracking-tight sm:text-3xl">Write</h1>
          <p className="mt-2 max-w-prose text-slate-600">
            Turn a meeting transcript into minutes, an action log, a briefing or an incident report. Every decision and action shows the
            lines it was taken from; edit the result here and download it as a Word document.
          </p>
        </div>
        <div data-tour="write-sample" className="shrink-0">
          <SampleTranscriptButton />
        </div>
      </header>
      <div className="mt-8 space-y-8">
        <StartPanel />
        <div data-tour="write-list">
          <DocumentList />
        </div>
      </div>
    </div>
  );
}
