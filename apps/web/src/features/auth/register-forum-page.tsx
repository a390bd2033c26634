import { type CreateForumUserInput, ERROR_CODES } from '@verity/shared';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { EmailField } from '../../components/forms/email-field';
import { NewPasswordFields } from '../../components/forms/new-password-fields';
import { PersonNameFields } from '../../components/forms/person-name-fields';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { LoadingState } from '../../components/ui/loading-state';
import { TextField } from '../../components/ui/text-field';
import { TextLink } from '../../components/ui/text-link';
import { useFormFields } from '../../hooks/use-form-fields';
import { checkFieldErrors, parseWith, useFormSubmit, preloadFormSchemas } from '../../hooks/use-form-submit';
import { useAppConfig } from '../../lib/app-config';
import { type FieldErrors, submitErrorsWithSurname } from '../../lib/form-errors';
import { AuthPageHeader } from './auth-page-header';
import { type ForumRequest, forumQuery, forumRequestFrom } from './forum-request';
import { createForumAccount } from './sso';

type ForumField = 'first_name' | 'surname' | 'job_title' | 'organisation' | 'email' | 'new_password' | 'confirm_password';
type ForumValues = Record<ForumField, string>;

const FIELDS: readonly ForumField[] = ['first_name', 'surname', 'job_title', 'organisation', 'email', 'new_password', 'confirm_password'];
const EMPTY: ForumValues = {
  first_name: '',
  surname: '',
  job_title: '',
  organisation: '',
  email: '',
  new_password: '',
  confirm_password: '',
};
const FAILED = 'We could not create your forum account. Please try again.';
const CODE_FIELDS: Partial<Record<number, ForumField>> = {
  [ERROR_CODES.weakPassword.code]: 'new_password',
  [ERROR_CODES.emailTaken.code]: 'email',
};

/** The API's rules (createForumUserSchema), placed on the form's fields, and the confirmation. */
async function validate(values: ForumValues): Promise<FieldErrors<ForumField>> {
  const parsed = await parseWith((schemas) => schemas.createForumUserSchema, { ...values, last_name: values.surname });
  const errors: FieldErrors<ForumField> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const key = issue.path[0] === 'last_name' ? 'surname' : (issue.path[0] as ForumField);
    errors[key] ??= issue.message;
  }
  if (values.confirm_password === '') errors.confirm_password = 'Confirm your password';
  else if (values.confirm_password !== values.new_password) errors.confirm_password ??= ERROR_CODES.passwordMismatch.message;
  return errors;
}

/** A forum-only account: for the community forum alone, created and then straight on to the forum. */
export function RegisterForumPage() {
  const config = useAppConfig();
  const [searchParams] = useSearchParams();
  if (config.isPending) return <LoadingState message="Loading…" />;
  const forumUrl = config.data?.forum_url;
  if (!forumUrl) {
    return (
      <div>
        <AuthPageHeader title="Create a community forum account" />
        <p className="text-center text-slate-600 text-sm leading-6">There is no community forum on this server.</p>
        <ButtonLink to="/auth/login" className="mt-6 w-full">
          Back to sign in
        </ButtonLink>
      </div>
    );
  }
  return <ForumAccountForm forumUrl={forumUrl} request={forumRequestFrom(searchParams)} />;
}

function ForumAccountForm({ forumUrl, request }: { forumUrl: string; request: ForumRequest | null }) {
  const create = useMutation({
    mutationFn: (input: CreateForumUserInput) => createForumAccount(input, { request, forumUrl }),
  });
  const { values, fieldErrors, setFieldErrors, handleChange } = useFormFields<ForumValues>(EMPTY);
  const { formError, handleSubmit } = useFormSubmit({
    check: async () => checkFieldErrors(await validate(values), values),
    setFieldErrors,
    send: (data) =>
      create.mutateAsync({
        first_name: data.first_name.trim(),
        last_name: data.surname.trim(),
        job_title: data.job_title.trim(),
        organisation: data.organisation.trim(),
        email: data.email.trim().toLowerCase(),
        new_password: data.new_password,
      }),
    failure: (error) => submitErrorsWithSurname(error, FIELDS, FAILED, CODE_FIELDS),
    // The browser is on its way to the forum.
    onSuccess: () => undefined,
  });

  return (
    <div>
      <AuthPageHeader
        title="Create a community forum account"
        description="An account for the community forum only. Your organisation can give you the rest of Verity later."
      />
      <form onInput={preloadFormSchemas} noValidate onSubmit={handleSubmit} className="space-y-5" aria-label="Create a forum account">
        {formError && <Alert>{formError}</Alert>}
        <PersonNameFields firstNameField="first_name" values={values} errors={fieldErrors} onChange={handleChange} />
        <TextField
          label="Organisation"
          name="organisation"
          autoComplete="organization"
          required
          value={values.organisation}
          onChange={handleChange}
          error={fieldErrors.organisation}
        />
        <EmailField label="Work e-mail address" value={values.email} onChange={handleChange} error={fieldErrors.email} />
        <NewPasswordFields
          names={{ password: 'new_password', confirm: 'confirm_password' }}
          labels={{ password: 'Password', confirm: 'Confirm password' }}
          values={values}
          errors={fieldErrors}
          onChange={handleChange}
        />
        <Button type="submit" className="w-full" loading={create.isPending || create.isSuccess}>
          Create account and continue to the forum
        </Button>
      </form>
      <p className="mt-8 border-slate-200 border-t pt-6 text-center text-slate-600 text-sm">
        Already have a Verity account? <TextLink to={`/auth/login${request ? forumQuery(request) : ''}`}>Sign in</TextLink>
      </p>
    </div>
  );
}
