import { MESSAGES } from '@verity/shared';
import { useEffect, useRef } from 'react';
import { ButtonLink } from '../../components/ui/button-link';
import { LoadingState } from '../../components/ui/loading-state';
import { useAuthStore } from '../../lib/auth-store';
import { errorMessage } from '../../lib/form-errors';
import { useVerifyEmail } from './api';
import { StatusPanel } from './status-panel';

export interface VerifyEmailPanelProps {
  oobCode: string;
}

export function VerifyEmailPanel({ oobCode }: VerifyEmailPanelProps) {
  const verify = useVerifyEmail();
  const authenticated = useAuthStore((state) => state.authenticated);
  const { mutate } = verify;
  // The code works once. React's StrictMode runs effects twice in development, so remember which
  // code has been sent and never send it again from this component.
  const sentCode = useRef<string | null>(null);

  useEffect(() => {
    if (sentCode.current === oobCode) return;
    sentCode.current = oobCode;
    mutate({ oobCode });
  }, [oobCode, mutate]);

  if (verify.isSuccess) {
    return (
      <StatusPanel
        tone="success"
        title="E-mail verified"
        actions={
          authenticated ? (
            <ButtonLink to="/home" className="w-full">
              Continue to Verity
            </ButtonLink>
          ) : (
            <ButtonLink to="/auth/login" className="w-full">
              Continue to sign in
            </ButtonLink>
          )
        }
      >
        <p>Thank you. Your e-mail address has been verified{authenticated ? '.' : ' and you can now sign in to Verity.'}</p>
      </StatusPanel>
    );
  }

  if (verify.isError) {
    return (
      <StatusPanel
        tone="error"
        title="We could not verify your e-mail"
        actions={
          <ButtonLink to="/auth/login" className="w-full">
            Go to sign in
          </ButtonLink>
        }
      >
        <p>{errorMessage(verify.error, MESSAGES.verifyEmailFailed)}</p>
        <p>If your address is not verified yet, signing in sends you a new verification link.</p>
      </StatusPanel>
    );
  }

  return <LoadingState message="Verifying your e-mail address…" />;
}
