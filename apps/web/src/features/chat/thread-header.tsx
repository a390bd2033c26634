import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api-client';
import { errorDialogPayloadFromClientError, openErrorDialog } from '../../lib/error-dialog-store';
import { downloadChatExport } from './api';
import { EngineBadge } from './engine-badge';

export interface ThreadHeaderProps {
  title: string;
  sessionId: string | null;
  engineLabel: string | null;
  /** Export is offered once the conversation holds something worth recording. */
  canExport: boolean;
}

/** The conversation's title, the engine that answers, and the .docx evidence record. */
export function ThreadHeader({ title, sessionId, engineLabel, canExport }: ThreadHeaderProps) {
  const [exporting, setExporting] = useState(false);

  const exportConversation = async () => {
    if (!sessionId) return;
    setExporting(true);
    try {
      await downloadChatExport(sessionId);
      toast.success('The conversation was exported');
    } catch (error) {
      if (isApiError(error)) openErrorDialog(errorDialogPayloadFromClientError(error.clientError));
      else toast.error('The conversation could not be exported. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <header className="flex min-h-14 shrink-0 items-center gap-3 border-slate-200 border-b bg-white px-4 py-2">
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="min-w-0 truncate font-semibold text-base text-slate-900 sm:text-lg" title={title}>
          {title}
        </h1>
        {engineLabel && <EngineBadge label={engineLabel} className="max-sm:hidden" />}
      </div>
      {sessionId && (
        <Button variant="secondary" size="sm" onClick={exportConversation} loading={exporting} disabled={!canExport}>
          {!exporting && <Download aria-hidden="true" className="size-4" />}
          <span className="max-sm:sr-only">Export (.docx)</span>
        </Button>
      )}
    </header>
  );
}
