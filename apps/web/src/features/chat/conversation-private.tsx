import { Lock } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button-link';

/**
 * In place of a conversation the reader may not see: not shared with their organisation (never,
 * or no longer), deleted, or not there at all; the server answers all of them alike.
 */
export function ConversationPrivate() {
  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <div className="max-w-md rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm">
        <Lock aria-hidden="true" className="mx-auto size-8 text-slate-400" />
        <h1 className="mt-3 font-semibold text-lg text-slate-900">This conversation is private</h1>
        <p className="mt-2 text-slate-600 text-sm">
          Only the person who started it can read it, unless they share it with your organisation. Ask them to share it (Share, at the top
          of the conversation) and open the link again.
        </p>
        <ButtonLink to="/home" variant="secondary" size="sm" className="mt-4">
          Go to Home
        </ButtonLink>
      </div>
    </div>
  );
}
