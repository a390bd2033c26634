import { ERROR_CODES, type SignupInput, signupSchema } from '@verity/shared';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { TextField } from '../../components/ui/text-field';
import { TextLink } from '../../components/ui/text-link';
import { useFormFields } from '../../hooks/use-form-fields';
import { focusFirstInvalid } from '../../lib/focus-first-invalid';
import { issuesToFieldErrors, submitErrors } from '../../lib/form-errors';
import { PASSWORD_RULES_HINT } from '../../lib/password-rules';
import { useSignUp } from './api';
import { AuthPageHeader } from './auth-page-header';
import { StatusPanel } from './status-panel';

type SignupField = keyof SignupInput;

const FIELDS: readonly SignupField[] = ['first_name', 'surname', 'job_title', 'email', 'password', 'confirm_password'];

const EMPTY: SignupInput = { first_name: '', surname: '', job_title: '', email: '', password: '', confirm_password: '' };

const SIGNUP_FAILED = 'We could not create your account. Please try again.';

/** Server refusals that are about one field are shown on that field. */
const CODE_FIELDS: Partial<Record<number, SignupField>> = {
  [ERROR_CODES.weakPassword.code]: 'password',
  [ERROR_CODES.passwordMismatch.code]: 'confirm_password',
};

export function RegisterPage() {
  const signUp = useSignUp();
  const { values, setValues, fieldErrors, setFieldErrors, handleChange } = useFormFields<SignupInput>(EMPTY);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(null);
    const parsed = signupSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(issuesToFieldErrors<SignupField>(parsed.error.issues));
      focusFirstInvalid(form);
      return;
    }
    setFieldErrors({});
    try {
      await signUp.mutateAsync(parsed.data);
    } catch (error) {
      const result = submitErrors(error, FIELDS, SIGNUP_FAILED, CODE_FIELDS);
      setFieldErrors(result.fieldErrors);
      focusFirstInvalid(form);
      setFormError(result.formError ?? null);
      return;
    }
    setSentTo(parsed.data.email);
    setValues(EMPTY);
  };

  if (sentTo !== null) {
    return (
      <StatusPanel
        tone="mail"
        title="Check your e-mail"
        actions={
          <ButtonLink to="/auth/login" className="w-full">
            Go to sign in
          </ButtonLink>
        }
      >
        <p>
          We have sent a verification link to <strong className="break-all font-semibold text-slate-900">{sentTo}</strong>. Open the link to
          verify your e-mail address, then sign in.
        </p>
        <p>The e-mail can take a few minutes to arrive. If you cannot find it, check your junk or spam folder.</p>
      </StatusPanel>
    );
  }

  return (
    <div>
      <AuthPageHeader
        title="Create your Verity account"
        description="You will need to verify your e-mail address before you can sign in."
      />

      <form noValidate onSubmit={handleSubmit} className="space-y-5" aria-label="Create account">
        {formError && <Alert>{formError}</Alert>}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="First name"
            name="first_name"
            autoComplete="given-name"
            required
            value={values.first_name}
            onChange={handleChange}
            error={fieldErrors.first_name}
          />
          <TextField
            label="Surname"
            name="surname"
            autoComplete="family-name"
            required
            value={values.surname}
            onChange={handleChange}
            error={fieldErrors.surname}
          />
        </div>
        <TextField
          label="Job title"
          name="job_title"
          autoComplete="organization-title"
          required
          value={values.job_title}
          onChange={handleChange}
          error={fieldErrors.job_title}
        />
        <TextField
          label="Work e-mail address"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          value={values.email}
          onChange={handleChange}
          error={fieldErrors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_RULES_HINT}
          value={values.password}
          onChange={handleChange}
          error={fieldErrors.password}
        />
        <TextField
          label="Confirm password"
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          required
          value={values.confirm_password}
          onChange={handleChange}
          error={fieldErrors.confirm_password}
        />
        <Button type="submit" className="w-full" loading={signUp.isPending}>
          Create account
        </Button>
      </form>

      <p className="mt-8 border-slate-200 border-t pt-6 text-center text-slate-600 text-sm">
        Already have an account? <TextLink to="/auth/login">Sign in</TextLink>
      </p>
    </div>
  );
}
