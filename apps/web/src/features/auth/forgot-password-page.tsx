import { MESSAGES } from '@verity/shared';
import { useState } from 'react';
import { EmailField } from '../../components/forms/email-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { TextLink } from '../../components/ui/text-link';
import { useFormFields } from '../../hooks/use-form-fields';
import { checkParsed, parseWith, useFormSubmit, preloadFormSchemas } from '../../hooks/use-form-submit';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/form-errors';
import { useRequestPasswordReset } from './api';
import { AuthPageHeader } from './auth-page-header';
import { CheckEmailPanel } from './check-email-panel';

export function ForgotPasswordPage() {
  const requestReset = useRequestPasswordReset();
  const { values, fieldErrors, setFieldErrors, handleChange } = useFormFields({ email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { formError, handleSubmit } = useFormSubmit({
    check: async () => checkParsed<'email', { email: string }>(await parseWith((schemas) => schemas.requestPasswordResetSchema, values)),
    setFieldErrors,
    send: (data) => requestReset.mutateAsync(data),
    // Rate limiting says so and how long to wait (the 429 catalogue message and Retry-After);
    // anything else is the one message specified for this call.
    failure: (error) => ({
      fieldErrors: {},
      formError: isApiError(error) && error.status === 429 ? errorMessage(error, MESSAGES.resetEmailFailed) : MESSAGES.resetEmailFailed,
    }),
    onSuccess: (_, data) => setSentTo(data.email),
  });

  if (sentTo !== null) {
    // The same answer whether or not an account exists, so the page cannot be used to find out.
    return (
      <CheckEmailPanel
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
      </CheckEmailPanel>
    );
  }

  return (
    <div>
      <AuthPageHeader
        title="Reset your password"
        description="Enter the e-mail address you use for Verity and we will send you a link to choose a new password."
      />
      <form onInput={preloadFormSchemas} noValidate onSubmit={handleSubmit} className="space-y-5" aria-label="Reset password">
        {formError && <Alert>{formError}</Alert>}
        <EmailField label="E-mail address" value={values.email} onChange={handleChange} error={fieldErrors.email} />
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
