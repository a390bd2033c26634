import { MESSAGES } from '@verity/shared';
import { LoadingState } from './ui/loading-state';

/** Route guard step 1: a centred spinner while the session is being restored. */
export function LoadingScreen() {
  return <LoadingState message={MESSAGES.loading} fullScreen />;
}
