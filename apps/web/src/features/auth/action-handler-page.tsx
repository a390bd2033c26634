import { linkCode } from '@verity/shared';
import { useSearchParams } from 'react-router';
import { InvalidLinkPanel } from './invalid-link-panel';
import { ResetPasswordPanel } from './reset-password-panel';
import { VerifyEmailPanel } from './verify-email-panel';

/**
 * The target of the links in our e-mails: ?mode=verifyEmail|resetPassword&oobCode=…
 * Keyed by the code so a different link opened in the same tab starts from a clean state.
 */
export function ActionHandlerPage() {
  const [searchParams] = useSearchParams();
  const mode = searchParams.get('mode');
  const code = linkCode(searchParams.get('oobCode'));
  if (code === null) return <InvalidLinkPanel />;

  if (mode === 'verifyEmail') return <VerifyEmailPanel key={code} oobCode={code} />;
  if (mode === 'resetPassword') return <ResetPasswordPanel key={code} oobCode={code} />;
  return <InvalidLinkPanel />;
}
