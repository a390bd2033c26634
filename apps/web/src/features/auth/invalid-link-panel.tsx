import { ButtonLink } from '../../components/ui/button-link';
import { TextLink } from '../../components/ui/text-link';
import { StatusPanel } from './status-panel';

/** A link that is missing its mode or code, or names an action this app does not handle. */
export function InvalidLinkPanel() {
  return (
    <StatusPanel
      tone="invalid"
      title="This link is not valid"
      actions={
        <>
          <ButtonLink to="/auth/login" className="w-full">
            Go to sign in
          </ButtonLink>
          <TextLink to="/auth/forgot-password" className="text-sm">
            Request a new password reset link
          </TextLink>
        </>
      }
    >
      <p>Part of the link may be missing. Open it again from the e-mail we sent you, or copy the whole address into your browser.</p>
    </StatusPanel>
  );
}
