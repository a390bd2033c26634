import { ERROR_CODES, type LoginInput, MESSAGES, safeRedirectPath } from '@verity/shared';
import { lazy, Suspense } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EmailField } from '../../components/forms/email-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { TextLink } from '../../components/ui/text-link';
import { useFormFields } from '../../hooks/use-form-fields';
import { checkParsed, parseWith, useFormSubmit, preloadFormSchemas } from '../../hooks/use-form-submit';
import { hasErrorCode, submitErrors } from '../../lib/form-errors';
import { useAppConfig } from '../../lib/app-config';
import { useAuthStore } from '../../lib/auth-store';
import { LoginRejectedError, useSignIn } from './api';
import { AuthPageHeader } from './auth-page-header';
import { forumQuery, forumRequestFrom, keepForumRequest } from './forum-request';

type LoginField = keyof LoginInput;

// Loaded only when the forum sent a signed-in person here: most sign-ins never need it.
const ForumHandOff = lazy(async () => ({ default: (await import('./forum-hand-off')).ForumHandOff }));

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

  const forum = forumRequestFrom(searchParams);
  const authenticated = useAuthStore((s) => s.authenticated);
  const config = useAppConfig();

  const { formError: notice, handleSubmit } = useFormSubmit({
    check: async () => checkParsed<LoginField, LoginInput>(await parseWith((schemas) => schemas.loginSchema, values)),
    setFieldErrors,
    send: (data) => signIn.mutateAsync(data),
    failure: (error) => {
      const { fieldErrors: placed, formError } = submitErrors(error, FIELDS, MESSAGES.loginFailed);
      return { fieldErrors: placed, formError: formError === undefined ? undefined : noticeFor(error, formError) };
    },
    // Navigate straight after the session is stored, so the guest-only rule cannot win the race
    // and drop the page the user was originally heading for. For the forum, the page stays: signed
    // in, it hands over to the forum.
    onSuccess: () => {
      if (!forum) navigate(safeRedirectPath(searchParams.get('redirect')), { replace: true });
    },
  });

  if (forum && authenticated) {
    return (
      <Suspense fallback={null}>
        <ForumHandOff request={forum} forumUrl={config.data?.forum_url ?? null} />
      </Suspense>
    );
  }

  const withMicrosoft = () => {
    keepForumRequest(forum);
    const redirect = searchParams.get('redirect');
    navigate(`/auth/login-sso${redirect ? `?${new URLSearchParams({ redirect })}` : ''}`);
  };

  return (
    <div>
      <AuthPageHeader title="Sign in to Verity" description="Use the e-mail address and password for your Verity account." />

      {forum && (
        <Alert tone="info" className="mb-6">
          Sign in to continue to the community forum.
        </Alert>
      )}

      <form onInput={preloadFormSchemas} noValidate onSubmit={handleSubmit} className="space-y-5" aria-label="Sign in">
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

      {config.data?.microsoft_sso_enabled && (
        <div className="mt-5">
          <p className="mb-5 flex items-center gap-3 text-slate-500 text-xs uppercase tracking-wide before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
            or
          </p>
          <Button variant="secondary" className="w-full" onClick={withMicrosoft}>
            <MicrosoftLogo />
            Sign in with Microsoft
          </Button>
        </div>
      )}

      <p className="mt-8 border-slate-200 border-t pt-6 text-center text-slate-600 text-sm">
        {forum ? (
          <>
            New here? <TextLink to={`/auth/register-forum${forumQuery(forum)}`}>Create a forum account</TextLink>
          </>
        ) : (
          <>
            New to Verity? <TextLink to="/auth/register">Create an account</TextLink>
          </>
        )}
      </p>
    </div>
  );
}

/** Microsoft's four-square mark, as its sign-in buttons carry it. */
function MicrosoftLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 21 21" className="size-4">
      <path fill="#f25022" d="M1 1h9v9H1z" />
      <path fill="#7fba00" d="M11 1h9v9h-9z" />
      <path fill="#00a4ef" d="M1 11h9v9H1z" />
      <path fill="#ffb900" d="M11 11h9v9h-9z" />
    </svg>
  );
}
