import { ERROR_CODES, MESSAGES } from '@verity/shared';
import { useState } from 'react';
import { NewPasswordFields } from '../../components/forms/new-password-fields';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { LoadingState } from '../../components/ui/loading-state';
import { TextLink } from '../../components/ui/text-link';
import { useFormFields } from '../../hooks/use-form-fields';
import { checkFieldErrors, parseWith, useFormSubmit, preloadFormSchemas } from '../../hooks/use-form-submit';
import { errorMessage, type FieldErrors, hasErrorCode, submitErrors } from '../../lib/form-errors';
import { useCheckResetCode, useResetPassword } from './api';
import { AuthPageHeader } from './auth-page-header';
import { StatusPanel } from './status-panel';

type ResetField = 'newPassword' | 'confirmPassword';

const FIELDS: readonly ResetField[] = ['newPassword', 'confirmPassword'];

const CODE_FIELDS: Partial<Record<number, ResetField>> = {
  [ERROR_CODES.weakPassword.code]: 'newPassword',
  [ERROR_CODES.passwordMismatch.code]: 'confirmPassword',
};

export interface ResetPasswordPanelProps {
  oobCode: string;
}

async function validate(values: Record<ResetField, string>): Promise<FieldErrors<ResetField>> {
  const errors: FieldErrors<ResetField> = {};
  const parsed = await parseWith((schemas) => schemas.passwordSchema, values.newPassword);
  if (!parsed.success) errors.newPassword = parsed.error.issues[0]?.message;
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = ERROR_CODES.passwordMismatch.message;
  return errors;
}

/**
 * The reset link's page: loading while the code is checked, then the new-password form, or the
 * link's error (a bad, used or expired link never shows the form), then success.
 */
export function ResetPasswordPanel({ oobCode }: ResetPasswordPanelProps) {
  const checked = useCheckResetCode(oobCode);
  if (checked.isPending) return <LoadingState message="Checking your reset link…" />;
  if (checked.isError) {
    const message = hasErrorCode(checked.error, ERROR_CODES.invalidActionCode.code)
      ? ERROR_CODES.invalidActionCode.message
      : errorMessage(checked.error, MESSAGES.resetPasswordFailed);
    return <LinkFailed message={message} />;
  }
  return <NewPasswordForm oobCode={oobCode} />;
}

function LinkFailed({ message }: { message: string }) {
  return (
    <StatusPanel
      tone="error"
      title={MESSAGES.resetPasswordFailed}
      actions={
        <>
          <ButtonLink to="/auth/forgot-password" className="w-full">
            Request a new link
          </ButtonLink>
          <TextLink to="/auth/login" className="text-sm">
            Back to sign in
          </TextLink>
        </>
      }
    >
      <p>{message}</p>
    </StatusPanel>
  );
}

function NewPasswordForm({ oobCode }: ResetPasswordPanelProps) {
  const reset = useResetPassword();
  const { values, setValues, fieldErrors, setFieldErrors, handleChange } = useFormFields<Record<ResetField, string>>({
    newPassword: '',
    confirmPassword: '',
  });
  const [linkExpired, setLinkExpired] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const { formError, handleSubmit } = useFormSubmit({
    check: async () => checkFieldErrors(await validate(values), values.newPassword),
    setFieldErrors,
    send: (newPassword) => reset.mutateAsync({ oobCode, newPassword }),
    failure: (error) => {
      const result = submitErrors(error, FIELDS, MESSAGES.resetPasswordFailed, CODE_FIELDS);
      if (!hasErrorCode(error, ERROR_CODES.invalidActionCode.code)) return result;
      // An expired or used link cannot be fixed on this form: the page says so instead.
      setLinkExpired(result.formError ?? ERROR_CODES.invalidActionCode.message);
      return undefined;
    },
    onSuccess: () => {
      setValues({ newPassword: '', confirmPassword: '' });
      setDone(true);
    },
  });

  if (done) {
    return (
      <StatusPanel
        tone="success"
        title="Password updated"
        actions={
          <ButtonLink to="/auth/login" className="w-full">
            Continue to sign in
          </ButtonLink>
        }
      >
        <p>Your password has been changed. You can now sign in with your new password.</p>
      </StatusPanel>
    );
  }

  if (linkExpired !== null) return <LinkFailed message={linkExpired} />;

  return (
    <div>
      <AuthPageHeader title="Choose a new password" description="Enter a new password for your Verity account." />
      <form onInput={preloadFormSchemas} noValidate onSubmit={handleSubmit} className="space-y-5" aria-label="Choose a new password">
        {formError && (
          <Alert>
            <p>{formError}</p>
            <p className="mt-1">
              If the link has expired, <TextLink to="/auth/forgot-password">request a new one</TextLink>.
            </p>
          </Alert>
        )}
        <NewPasswordFields
          names={{ password: 'newPassword', confirm: 'confirmPassword' }}
          values={values}
          errors={fieldErrors}
          onChange={handleChange}
        />
        <Button type="submit" className="w-full" loading={reset.isPending}>
          Update password
        </Button>
      </form>
    </div>
  );
}
