import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { LoadingState } from '../../components/ui/loading-state';
import { errorMessage } from '../../lib/form-errors';
import type { ForumRequest } from './forum-request';
import { continueToForum } from './sso';
import { StatusPanel } from './status-panel';
import { useHandOff } from './use-hand-off';

/**
 * A signed-in person the forum sent to sign in: Verity answers the forum at once and the browser
 * goes back there. A request Verity refuses (a bad signature, a foreign return address) stops here.
 */
export function ForumHandOff({ request, forumUrl }: { request: ForumRequest; forumUrl: string | null }) {
  const { failure, retry } = useHandOff(() => continueToForum(request));
  if (!failure) return <LoadingState message="Taking you back to the community forum…" />;
  return (
    <StatusPanel
      tone="error"
      title="Forum sign-in failed"
      actions={
        <>
          {forumUrl ? (
            <a href={forumUrl} className="font-medium text-brand-700 text-sm underline underline-offset-2">
              Back to the forum
            </a>
          ) : (
            <Button className="w-full" onClick={retry}>
              Try again
            </Button>
          )}
          <ButtonLink to="/home" variant="secondary" className="w-full">
            Go to Verity
          </ButtonLink>
        </>
      }
    >
      <p>{errorMessage(failure, 'Login failed. Please try again.')}</p>
      <p>Start again from the forum’s sign-in button; the link you followed could not be checked.</p>
    </StatusPanel>
  );
}
