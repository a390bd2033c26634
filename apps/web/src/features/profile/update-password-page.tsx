import { changePasswordSchema, ERROR_CODES, MESSAGES } from '@verity/shared';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { useFormFields } from '../../hooks/use-form-fields';
import { focusFirstInvalid } from '../../lib/focus-first-invalid';
import { type FieldErrors, issuesToFieldErrors, submitErrors } from '../../lib/form-errors';
import { PASSWORD_RULES_HINT } from '../../lib/password-rules';
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

function validate(values: Record<PasswordField, string>): FieldErrors<PasswordField> {
  const parsed = changePasswordSchema.safeParse({ old_password: values.old_password, new_password: values.new_password });
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
  const [formError, setFormError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(null);
    const errors = validate(values);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusFirstInvalid(form);
      return;
    }
    try {
      await change.mutateAsync({ old_password: values.old_password, new_password: values.new_password });
    } catch (error) {
      const result = submitErrors(error, FIELDS, MESSAGES.changePasswordFailed, CODE_FIELDS);
      setFieldErrors(result.fieldErrors);
      focusFirstInvalid(form);
      setFormError(result.formError ?? null);
      return;
    }
    setValues(EMPTY);
    toast.success(PASSWORD_CHANGED_MESSAGE);
  };

  return (
    <ProfileSection
      title="Update password"
      description="Changing your password keeps you signed in here and signs you out on every other device."
    >
      <form noValidate onSubmit={handleSubmit} className="max-w-md space-y-5" aria-label="Update password">
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
        <TextField
          label="New password"
          name="new_password"
          type="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_RULES_HINT}
          value={values.new_password}
          onChange={handleChange}
          error={fieldErrors.new_password}
        />
        <TextField
          label="Confirm new password"
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          required
          value={values.confirm_password}
          onChange={handleChange}
          error={fieldErrors.confirm_password}
        />
        <Button type="submit" loading={change.isPending}>
          Change password
        </Button>
      </form>
    </ProfileSection>
  );
}
