import type { ChatSessionSummary } from '@verity/shared';
import { Check, Copy, Link2, Lock, Users } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/form-errors';
import { copyToClipboard } from './answer-message';
import { chatShareLink, useSetChatSharing } from './api';

export const SHARE_FAILED_MESSAGE = 'Sharing could not be changed. Please try again.';
const COPIED_FOR_MS = 2000;

export interface ShareDialogProps {
  /** The conversation to share; null keeps the dialog closed. */
  session: ChatSessionSummary | null;
  onClose: () => void;
}

function sharedSince(sharedAt: string): string {
  return new Date(sharedAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

/**
 * Share a conversation read-only with the organisation, or stop sharing it. While it is shared the
 * dialog shows the link (the conversation's own page) with a copy button: colleagues and guests of
 * the organisation who open it read the conversation; nobody else does.
 */
export function ShareDialog({ session, onClose }: ShareDialogProps) {
  const sharing = useSetChatSharing();
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const linkId = useId();

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const shared = Boolean(session?.shared_at);
  const link = session ? chatShareLink(session.id) : '';

  const close = () => {
    if (sharing.isPending) return;
    setError(null);
    setCopied(false);
    sharing.reset();
    onClose();
  };

  const change = (next: boolean) => {
    if (!session) return;
    setError(null);
    sharing.mutate(
      { id: session.id, shared: next },
      {
        onSuccess: () => toast.success(next ? 'Shared with your organisation' : 'This conversation is private again'),
        onError: (cause) => setError(errorMessage(cause, SHARE_FAILED_MESSAGE)),
      },
    );
  };

  const copy = async () => {
    if (await copyToClipboard(link)) {
      setCopied(true);
      toast.success('Link copied');
    } else {
      toast.error('The link could not be copied. Select it and copy it instead.');
    }
  };

  return (
    <Dialog
      open={session !== null}
      onClose={close}
      size="md"
      title="Share conversation"
      description="Colleagues and guests in your organisation can read a shared conversation. Nobody else can change it, and you can stop sharing at any time."
      footer={
        shared ? (
          <>
            <Button variant="secondary" onClick={() => change(false)} loading={sharing.isPending}>
              Stop sharing
            </Button>
            <Button onClick={close} disabled={sharing.isPending}>
              Done
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={sharing.isPending}>
              Cancel
            </Button>
            <Button onClick={() => change(true)} loading={sharing.isPending} data-autofocus>
              {!sharing.isPending && <Users aria-hidden="true" className="size-4" />}
              Share with my organisation
            </Button>
          </>
        )
      }
    >
      <div className="flex items-start gap-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm">
        {shared ? (
          <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        ) : (
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-600" />
        )}
        <p className="min-w-0 text-slate-700 leading-6">
          <span className="break-words font-semibold text-slate-900">“{session?.title}”</span>{' '}
          {shared && session?.shared_at
            ? `is shared read-only with your organisation (since ${sharedSince(session.shared_at)}).`
            : 'is private: only you can see it.'}
        </p>
      </div>
      {shared && (
        <div className="mt-4 flex flex-col gap-1.5">
          <label htmlFor={linkId} className="flex items-center gap-1.5 font-medium text-slate-800 text-sm">
            <Link2 aria-hidden="true" className="size-4 text-slate-600" />
            Link for your colleagues
          </label>
          <div className="flex gap-2">
            <input
              id={linkId}
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
              className="focus-ring h-10 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 text-slate-900 text-sm"
            />
            <Button variant="secondary" onClick={() => void copy()} data-autofocus>
              {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          </div>
        </div>
      )}
      {error && <Alert className="mt-3">{error}</Alert>}
    </Dialog>
  );
}
