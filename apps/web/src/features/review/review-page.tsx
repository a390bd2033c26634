import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { downloadSamplePolicy } from './api';
import { ReviewList } from './review-list';
import { StartPanel } from './start-panel';

/** "Download the sample policy": a waste-management policy with known problems, to try the tool with. */
function SamplePolicyButton() {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadSamplePolicy();
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button variant="secondary" onClick={download} loading={downloading} className="shrink-0">
      {!downloading && <FileDown aria-hidden="true" className="size-4" />}
      Download the sample policy
    </Button>
  );
}

/**
 * /review: start a review of a policy, and the reviews made so far. A review itself opens at
 * /review/{id} (ReviewDetailPage).
 */
export function ReviewPage() {
  useDocumentTitle();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-8 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="font-semibold text-2xl text-slate-900 tracking-tight sm:text-3xl">Review Assistant</h1>
          <p className="mt-2 max-w-prose text-slate-600">
            Check a policy against the library: outdated or unknown references, missing sections and statutory roles, an overdue review
            date, undefined terms and broken cross-references. Each finding shows where it is and the passages behind it; accept or dismiss
            them and download the result for the governance committee.
          </p>
        </div>
        <div data-tour="review-sample" className="shrink-0">
          <SamplePolicyButton />
        </div>
      </header>
      <div className="mt-8 space-y-8">
        <StartPanel />
        <div data-tour="review-list">
          <ReviewList />
        </div>
      </div>
    </div>
  );
}
