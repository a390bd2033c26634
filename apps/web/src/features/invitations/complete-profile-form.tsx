import { ERROR_CODES, MESSAGES, type VerifiedInvitation } from '@verity/shared';
import { useNavigate } from 'react-router';
import { NewPasswordFields } from '../../components/forms/new-password-fields';
import { PersonNameFields } from '../../components/forms/person-name-fields';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useFormFields } from '../../hooks/use-form-fields';
import { checkFieldErrors, parseWith, useFormSubmit, preloadFormSchemas } from '../../hooks/use-form-submit';
import { type FieldErrors, submitErrorsWithSurname } from '../../lib/form-errors';
import { useCompleteProfile } from './api';

type ProfileField = 'first_name' | 'surname' | 'job_title' | 'new_password' | 'confirm_password';
type ProfileValues = Record<ProfileField, string>;

const FIELDS: readonly ProfileField[] = ['first_name', 'surname', 'job_title', 'new_password', 'confirm_password'];

const CODE_FIELDS: Partial<Record<number, ProfileField>> = { [ERROR_CODES.weakPassword.code]: 'new_password' };

/** The same rules as sign-up: names and job title required, the password's length and confirmation. */
async function validate(values: ProfileValues): Promise<FieldErrors<ProfileField>> {
  const errors: FieldErrors<ProfileField> = {};
  if (!values.first_name.trim()) errors.first_name = 'First name is required';
  if (!values.surname.trim()) errors.surname = 'Surname is required';
  if (!values.job_title.trim()) errors.job_title = 'Job title is required';
  const password = await parseWith((schemas) => schemas.passwordSchema, values.new_password);
  if (!password.success) errors.new_password = password.error.issues[0]?.message;
  if (values.confirm_password === '') errors.confirm_password = 'Confirm your password';
  else if (values.confirm_password !== values.new_password) errors.confirm_password = ERROR_CODES.passwordMismatch.message;
  return errors;
}

/**
 * The invited person's details, as the champion typed them, to correct and complete with a
 * password. The e-mail address and organisation come with the invitation and are shown only.
 */
export function CompleteProfileForm({ invitation }: { invitation: VerifiedInvitation }) {
  const navigate = useNavigate();
  const complete = useCompleteProfile();
  const { values, fieldErrors, setFieldErrors, handleChange } = useFormFields<ProfileValues>({
    first_name: invitation.first_name,
    surname: invitation.last_name,
    job_title: invitation.job_title,
    new_password: '',
    confirm_password: '',
  });
  const { formError, handleSubmit } = useFormSubmit({
    check: async () => checkFieldErrors(await validate(values), values),
    setFieldErrors,
    send: (data) =>
      complete.mutateAsync({
        token: invitation.token,
        input: {
          first_name: data.first_name.trim(),
          last_name: data.surname.trim(),
          job_title: data.job_title.trim(),
          new_password: data.new_password,
          organisation: invitation.organisation,
        },
      }),
    failure: (error) => submitErrorsWithSurname(error, FIELDS, MESSAGES.completeProfileFailed, CODE_FIELDS),
    onSuccess: () => navigate('/home', { replace: true }),
  });

  return (
    <form onInput={preloadFormSchemas} noValidate onSubmit={handleSubmit} className="space-y-5" aria-label="Complete your profile">
      {formError && <Alert title={MESSAGES.completeProfileFailed}>{formError === MESSAGES.completeProfileFailed ? null : formError}</Alert>}
      <TextField label="E-mail address" name="email" value={invitation.email} readOnly autoComplete="username" />
      <TextField label="Organisation" name="organisation" value={invitation.organisation} readOnly autoComplete="organization" />
      <PersonNameFields firstNameField="first_name" values={values} errors={fieldErrors} onChange={handleChange} />
      <NewPasswordFields
        names={{ password: 'new_password', confirm: 'confirm_password' }}
        labels={{ password: 'Password', confirm: 'Confirm password' }}
        values={values}
        errors={fieldErrors}
        onChange={handleChange}
      />
      <Button type="submit" className="w-full" loading={complete.isPending}>
        Complete profile and sign in
      </Button>
    </form>
  );
}
