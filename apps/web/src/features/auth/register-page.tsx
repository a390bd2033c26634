import { ERROR_CODES, type JoinDomain, type SignupInput } from '@verity/shared';
import { useState } from 'react';
import { EmailField } from '../../components/forms/email-field';
import { NewPasswordFields } from '../../components/forms/new-password-fields';
import { PersonNameFields } from '../../components/forms/person-name-fields';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { TextLink } from '../../components/ui/text-link';
import { useFormFields } from '../../hooks/use-form-fields';
import { checkParsed, type FormCheck, parseWith, useFormSubmit, preloadFormSchemas } from '../../hooks/use-form-submit';
import { errorMessage, submitErrors } from '../../lib/form-errors';
import { checkSignupDomain, useSignUp } from './api';
import { AuthPageHeader } from './auth-page-header';
import { CheckEmailPanel } from './check-email-panel';
import { AskForInvitation, RegisterChoice } from './register-choice';

type SignupField = keyof SignupInput;

const FIELDS: readonly SignupField[] = ['first_name', 'surname', 'job_title', 'email', 'password', 'confirm_password'];

const EMPTY: SignupInput = { first_name: '', surname: '', job_title: '', email: '', password: '', confirm_password: '' };

const SIGNUP_FAILED = 'We could not create your account. Please try again.';

/** Server refusals that are about one field are shown on that field. */
const CODE_FIELDS: Partial<Record<number, SignupField>> = {
  [ERROR_CODES.weakPassword.code]: 'password',
  [ERROR_CODES.passwordMismatch.code]: 'confirm_password',
};

export const CONFIRM_PASSWORD_REQUIRED = 'Confirm your password';

/**
 * An empty confirmation is flagged on its own field, whatever else is wrong: the schema alone
 * would call it a mismatch, or say nothing while the password is empty too.
 */
function withConfirmation(result: FormCheck<SignupField, SignupInput>, confirmation: string): FormCheck<SignupField, SignupInput> {
  if (confirmation !== '') return result;
  const fieldErrors = 'fieldErrors' in result ? result.fieldErrors : {};
  return { fieldErrors: { ...fieldErrors, confirm_password: CONFIRM_PASSWORD_REQUIRED } };
}

/** After the details: the choice for an address no organisation claims, how to be invited, or the e-mail sent. */
type Step =
  | { kind: 'details' }
  | { kind: 'choice'; data: SignupInput; found: JoinDomain }
  | { kind: 'invitation'; data: SignupInput; found: JoinDomain }
  | { kind: 'sent'; email: string; joining: string | null };

export function RegisterPage() {
  const signUp = useSignUp();
  const { values, setValues, fieldErrors, setFieldErrors, handleChange } = useFormFields<SignupInput>(EMPTY);
  const [step, setStep] = useState<Step>({ kind: 'details' });
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const { formError, handleSubmit } = useFormSubmit({
    check: async () =>
      withConfirmation(
        checkParsed<SignupField, SignupInput>(await parseWith((schemas) => schemas.signupSchema, values)),
        values.confirm_password,
      ),
    setFieldErrors,
    // Nothing is created before the person knows what happens: an organisation that verified the
    // domain is asked to let them join; otherwise they choose first.
    send: async (data) => {
      const found = await checkSignupDomain(data.email);
      if (found.match !== 'organisation') return { found, created: false };
      await signUp.mutateAsync(data);
      return { found, created: true };
    },
    failure: (error) => submitErrors(error, FIELDS, SIGNUP_FAILED, CODE_FIELDS),
    onSuccess: ({ found, created }, data) => {
      if (!created) {
        setChoiceError(null);
        setStep({ kind: 'choice', data, found });
        return;
      }
      setStep({ kind: 'sent', email: data.email, joining: found.organisation_name });
      setValues(EMPTY);
    },
  });

  const startOrganisation = async (data: SignupInput) => {
    setChoiceError(null);
    try {
      await signUp.mutateAsync(data);
    } catch (error) {
      setChoiceError(errorMessage(error, SIGNUP_FAILED));
      return;
    }
    setStep({ kind: 'sent', email: data.email, joining: null });
    setValues(EMPTY);
  };

  if (step.kind === 'choice') {
    return (
      <RegisterChoice
        found={step.found}
        creating={signUp.isPending}
        error={choiceError}
        onStartOrganisation={() => void startOrganisation(step.data)}
        onAskForInvitation={() => setStep({ kind: 'invitation', data: step.data, found: step.found })}
        onBack={() => setStep({ kind: 'details' })}
      />
    );
  }

  if (step.kind === 'invitation') {
    return <AskForInvitation email={step.data.email} onBack={() => setStep({ kind: 'choice', data: step.data, found: step.found })} />;
  }

  if (step.kind === 'sent') {
    const sentTo = step.email;
    return (
      <CheckEmailPanel
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
        {step.joining && (
          <p>
            Your address belongs to <strong className="font-semibold text-slate-900">{step.joining}</strong>, so your account joins it once
            one of its champions approves your request. We have let them know.
          </p>
        )}
      </CheckEmailPanel>
    );
  }

  return (
    <div>
      <AuthPageHeader
        title="Create your Verity account"
        description="You will need to verify your e-mail address before you can sign in."
      />

      <form onInput={preloadFormSchemas} noValidate onSubmit={handleSubmit} className="space-y-5" aria-label="Create account">
        {formError && <Alert>{formError}</Alert>}
        <PersonNameFields firstNameField="first_name" values={values} errors={fieldErrors} onChange={handleChange} />
        <EmailField label="Work e-mail address" value={values.email} onChange={handleChange} error={fieldErrors.email} />
        <NewPasswordFields
          names={{ password: 'password', confirm: 'confirm_password' }}
          labels={{ password: 'Password', confirm: 'Confirm password' }}
          values={values}
          errors={fieldErrors}
          onChange={handleChange}
        />
        <Button type="submit" className="w-full" loading={signUp.isPending}>
          Create account
        </Button>
      </form>

      <p className="mt-8 border-slate-200 border-t pt-6 text-center text-slate-600 text-sm">
        Already have an account? <TextLink to="/auth/login">Sign in</TextLink>
      </p>
      <p className="mt-3 text-center text-slate-600 text-sm">
        Invited by your organisation's champion? Open the link in your invitation e-mail instead: it sets up your account in your
        organisation.
      </p>
    </div>
  );
}
