import { ERROR_CODES, MESSAGES } from '@verity/shared';
import { NewPasswordFields } from '../../components/forms/new-password-fields';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { useFormFields } from '../../hooks/use-form-fields';
import { checkFieldErrors, parseWith, useFormSubmit, preloadFormSchemas } from '../../hooks/use-form-submit';
import { type FieldErrors, issuesToFieldErrors, submitErrors } from '../../lib/form-errors';
import { useChangePassword } from './api';
import { ProfileSection } from './profile-section';

type PasswordField = 'old_password' | 'new_password' | 'confirm_password';

const FIELDS: readonly PasswordField[] = ['old_password', 'new_password', 'confirm_password'];

const EMPTY: Record<PasswordField, string> = { old_password: '', new_password: '', confirm_password: '' };

/** Server refusals about one field go on that field. */
const CODE_FIELDS: Partial<Record<number, PasswordField>> = {
  [ERROR_CODES.wrongPassword.code]: 'old_password',
  [ERROR_CODES.weakPassword.code]: 'new_password',
};

const PASSWORD_CHANGED_MESSAGE = 'Password changed. Other devices have been signed out.';

async function validate(values: Record<PasswordField, string>): Promise<FieldErrors<PasswordField>> {
  const parsed = await parseWith((schemas) => schemas.changePasswordSchema, {
    old_password: values.old_password,
    new_password: values.new_password,
  });
  const errors: FieldErrors<PasswordField> = parsed.success ? {} : issuesToFieldErrors<PasswordField>(parsed.error.issues);
  if (!errors.new_password && values.new_password === values.old_password) {
    errors.new_password = 'Your new password must be different from your current password.';
  }
  if (values.confirm_password !== values.new_password) errors.confirm_password = ERROR_CODES.passwordMismatch.message;
  return errors;
}

export function UpdatePasswordPage() {
  const change = useChangePassword();
  const { values, setValues, fieldErrors, setFieldErrors, handleChange } = useFormFields(EMPTY);

  const { formError, handleSubmit } = useFormSubmit({
    check: async () => checkFieldErrors(await validate(values), { old_password: values.old_password, new_password: values.new_password }),
    setFieldErrors,
    send: (data) => change.mutateAsync(data),
    failure: (error) => submitErrors(error, FIELDS, MESSAGES.changePasswordFailed, CODE_FIELDS),
    onSuccess: () => {
      setValues(EMPTY);
      toast.success(PASSWORD_CHANGED_MESSAGE);
    },
  });

  return (
    <ProfileSection
      title="Update password"
      description="Changing your password keeps you signed in here and signs you out on every other device."
    >
      <form onInput={preloadFormSchemas} noValidate onSubmit={handleSubmit} className="max-w-md space-y-5" aria-label="Update password">
        {formError && <Alert>{formError}</Alert>}
        <TextField
          label="Current password"
          name="old_password"
          type="password"
          autoComplete="current-password"
          required
          value={values.old_password}
          onChange={handleChange}
          error={fieldErrors.old_password}
        />
        <NewPasswordFields
          names={{ password: 'new_password', confirm: 'confirm_password' }}
          values={values}
          errors={fieldErrors}
          onChange={handleChange}
        />
        <Button type="submit" loading={change.isPending}>
          Change password
        </Button>
      </form>
    </ProfileSection>
  );
}
