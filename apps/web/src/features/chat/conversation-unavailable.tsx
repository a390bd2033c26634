import { MessageSquareOff, RotateCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { CHAT_PATH } from './api';

export interface ConversationUnavailableProps {
  /** The server answered 404: the conversation is gone or someone else's, so trying again cannot help. */
  notFound: boolean;
  onRetry: () => void;
}

/** In place of a conversation that could not be opened. */
export function ConversationUnavailable({ notFound, onRetry }: ConversationUnavailableProps) {
  return (
    <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
      <MessageSquareOff aria-hidden="true" className="size-10 text-slate-400" />
      <h1 className="font-semibold text-lg text-slate-900">
        {notFound ? 'This conversation could not be found' : 'The conversation could not be loaded'}
      </h1>
      <p className="max-w-md text-slate-600 text-sm">
        {notFound
          ? 'It may have been deleted, or it belongs to someone else and is not shared with your organisation.'
          : 'Check your connection and try again.'}
      </p>
      <div className="flex gap-2">
        {!notFound && (
          <Button variant="secondary" onClick={onRetry}>
            <RotateCw aria-hidden="true" className="size-4" />
            Try again
          </Button>
        )}
        <ButtonLink to={CHAT_PATH}>Start a new conversation</ButtonLink>
      </div>
    </div>
  );
}
