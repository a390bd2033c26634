import type { ChatSessionSummary } from '@verity/shared';
import { Download, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api-client';
import { errorDialogPayloadFromClientError, openErrorDialog } from '../../lib/error-dialog-store';
import { downloadChatExport } from './api';
import { EngineBadge } from './engine-badge';
import { ShareDialog } from './share-dialog';

export interface ThreadHeaderProps {
  title: string;
  sessionId: string | null;
  engineLabel: string | null;
  /** Export is offered once the conversation holds something worth recording. */
  canExport: boolean;
  /** The stored conversation, once there is one: its owner may share it with the organisation. */
  session?: ChatSessionSummary | null;
  /** Placed before the title and after it (before Export): the phone's conversations button and New conversation. */
  start?: ReactNode;
  end?: ReactNode;
}

/** The conversation's title, the engine that answers, sharing, and the .docx evidence record. */
export function ThreadHeader({ title, sessionId, engineLabel, canExport, session = null, start, end }: ThreadHeaderProps) {
  const [exporting, setExporting] = useState(false);
  const [sharing, setSharing] = useState(false);
  const shared = Boolean(session?.shared_at);

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
    <header className="flex min-h-12 shrink-0 items-center gap-1 border-slate-200 border-b bg-white px-2 py-1 sm:min-h-14 sm:gap-3 sm:px-4 sm:py-2">
      {start}
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="min-w-0 truncate font-semibold text-base text-slate-900 sm:text-lg" title={title}>
          {title}
        </h1>
        {engineLabel && <EngineBadge label={engineLabel} className="max-sm:hidden" />}
      </div>
      {session && (
        <Button
          variant="secondary"
          onClick={() => setSharing(true)}
          aria-haspopup="dialog"
          aria-label={shared ? 'Shared with your organisation: change sharing' : 'Share'}
          className={cn(
            'shrink-0 max-sm:px-2 sm:h-7 sm:gap-1.5 sm:px-2.5',
            shared && 'border-brand-300 bg-brand-50 text-brand-800 hover:bg-brand-100',
          )}
        >
          <Users aria-hidden="true" className="size-4" />
          <span className="max-sm:sr-only">{shared ? 'Shared' : 'Share'}</span>
        </Button>
      )}
      {end}
      {sessionId && (
        <Button
          variant="secondary"
          onClick={exportConversation}
          loading={exporting}
          disabled={!canExport}
          className="shrink-0 max-sm:px-2 sm:h-7 sm:gap-1.5 sm:px-2.5"
        >
          {!exporting && <Download aria-hidden="true" className="size-4" />}
          <span className="max-sm:sr-only">Export (.docx)</span>
        </Button>
      )}
      <ShareDialog session={sharing ? session : null} onClose={() => setSharing(false)} />
    </header>
  );
}
