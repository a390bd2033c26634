import { ERROR_CODES, type LoginInput, loginSchema, MESSAGES } from '@verity/shared';
import { useNavigate, useSearchParams } from 'react-router';
import { EmailField } from '../../components/forms/email-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { TextLink } from '../../components/ui/text-link';
import { useFormFields } from '../../hooks/use-form-fields';
import { checkParsed, useFormSubmit } from '../../hooks/use-form-submit';
import { hasErrorCode, submitErrors } from '../../lib/form-errors';
import { LoginRejectedError, useSignIn } from './api';
import { AuthPageHeader } from './auth-page-header';
import { safeRedirectPath } from './safe-redirect';

type LoginField = keyof LoginInput;

const FIELDS: readonly LoginField[] = ['email', 'password'];

interface Notice {
  tone: 'error' | 'info';
  title?: string;
  message: string;
}

/** 4002 is not a mistake by the user: a new verification e-mail is on its way, so say so calmly. */
function noticeFor(error: unknown, message: string): Notice {
  if (hasErrorCode(error, ERROR_CODES.emailNotVerified.code)) {
    return { tone: 'info', title: ERROR_CODES.emailNotVerified.title, message };
  }
  if (error instanceof LoginRejectedError) return { tone: 'error', message: error.message || MESSAGES.loginFailed };
  return { tone: 'error', message };
}

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const { values, fieldErrors, setFieldErrors, handleChange } = useFormFields<LoginInput>({ email: '', password: '' });

  const forumSignOn = searchParams.has('sso') && searchParams.has('sig');

  const { formError: notice, handleSubmit } = useFormSubmit({
    check: () => checkParsed<LoginField, LoginInput>(loginSchema.safeParse(values)),
    setFieldErrors,
    send: (data) => signIn.mutateAsync(data),
    failure: (error) => {
      const { fieldErrors: placed, formError } = submitErrors(error, FIELDS, MESSAGES.loginFailed);
      return { fieldErrors: placed, formError: formError === undefined ? undefined : noticeFor(error, formError) };
    },
    // Navigate straight after the session is stored, so the guest-only rule cannot win the race
    // and drop the page the user was originally heading for.
    onSuccess: () => {
      navigate(safeRedirectPath(searchParams.get('redirect')), { replace: true });
    },
  });

  return (
    <div>
      <AuthPageHeader title="Sign in to Verity" description="Use the e-mail address and password for your Verity account." />

      {forumSignOn && (
        <Alert tone="info" className="mb-6">
          Sign in to continue to the community forum.
        </Alert>
      )}

      <form noValidate onSubmit={handleSubmit} className="space-y-5" aria-label="Sign in">
        {notice && (
          <Alert tone={notice.tone} title={notice.title}>
            {notice.message}
          </Alert>
        )}
        <EmailField label="E-mail address" value={values.email} onChange={handleChange} error={fieldErrors.email} />
        <div className="space-y-2">
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={values.password}
            onChange={handleChange}
            error={fieldErrors.password}
          />
          <div className="text-right text-sm">
            <TextLink to="/auth/forgot-password">Forgot password?</TextLink>
          </div>
        </div>
        <Button type="submit" className="w-full" loading={signIn.isPending}>
          Sign in
        </Button>
      </form>

      <p className="mt-8 border-slate-200 border-t pt-6 text-center text-slate-600 text-sm">
        New to Verity? <TextLink to="/auth/register">Create an account</TextLink>
      </p>
    </div>
  );
}
