import { MESSAGES, requestPasswordResetSchema } from '@verity/shared';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { TextField } from '../../components/ui/text-field';
import { TextLink } from '../../components/ui/text-link';
import { focusFirstInvalid } from '../../lib/focus-first-invalid';
import { issuesToFieldErrors } from '../../lib/form-errors';
import { useRequestPasswordReset } from './api';
import { AuthPageHeader } from './auth-page-header';
import { StatusPanel } from './status-panel';

export function ForgotPasswordPage() {
  const requestReset = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(null);
    const parsed = requestPasswordResetSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(issuesToFieldErrors<'email'>(parsed.error.issues).email);
      focusFirstInvalid(form);
      return;
    }
    setEmailError(undefined);
    try {
      await requestReset.mutateAsync(parsed.data);
    } catch {
      setFormError(MESSAGES.resetEmailFailed);
      return;
    }
    setSentTo(parsed.data.email);
  };

  if (sentTo !== null) {
    // The same answer whether or not an account exists, so the page cannot be used to find out.
    return (
      <StatusPanel
        tone="mail"
        title="Check your e-mail"
        actions={
          <>
            <ButtonLink to="/auth/login" className="w-full">
              Back to sign in
            </ButtonLink>
            <Button variant="ghost" onClick={() => setSentTo(null)}>
              Use a different e-mail address
            </Button>
          </>
        }
      >
        <p>
          If there is a Verity account for <strong className="break-all font-semibold text-slate-900">{sentTo}</strong>, we have sent it a
          link to reset your password.
        </p>
        <p>The e-mail can take a few minutes to arrive. If you cannot find it, check your junk or spam folder.</p>
      </StatusPanel>
    );
  }

  return (
    <div>
      <AuthPageHeader
        title="Reset your password"
        description="Enter the e-mail address you use for Verity and we will send you a link to choose a new password."
      />
      <form noValidate onSubmit={handleSubmit} className="space-y-5" aria-label="Reset password">
        {formError && <Alert>{formError}</Alert>}
        <TextField
          label="E-mail address"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(undefined);
          }}
          error={emailError}
        />
        <Button type="submit" className="w-full" loading={requestReset.isPending}>
          Send reset link
        </Button>
      </form>
      <p className="mt-8 border-slate-200 border-t pt-6 text-center text-slate-600 text-sm">
        Remembered it? <TextLink to="/auth/login">Back to sign in</TextLink>
      </p>
    </div>
  );
}
