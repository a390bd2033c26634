import { MESSAGES, type User } from '@verity/shared';
import { Mail } from 'lucide-react';
import { buttonClassName } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useAppConfig } from '../../lib/app-config';
import { mailtoHref } from '../../lib/mailto';

export interface SupportContactProps {
  user: User | null;
}

function supportMailto(supportEmail: string, user: User | null): string {
  return mailtoHref(supportEmail, 'Verity support request', [
    'Hello Verity support,',
    '',
    'What I was trying to do:',
    '',
    'What happened instead:',
    '',
    'Request ID (if an error message showed one):',
    '',
    `Name: ${user ? `${user.firstname} ${user.surname}`.trim() : ''}`,
    `E-mail: ${user?.email ?? ''}`,
    `Organisation: ${user?.organisation?.name ?? ''}`,
  ]);
}

/** The support address from the server's public configuration, as a ready-to-send e-mail draft. */
export function SupportContact({ user }: SupportContactProps) {
  const { data, isPending, isError, refetch } = useAppConfig();

  if (isPending) {
    return (
      <p className="flex items-center gap-2 text-slate-600 text-sm">
        <Spinner size="sm" /> Loading the support address…
      </p>
    );
  }
  if (isError || !data.support_email) {
    return (
      <p className="text-slate-700 text-sm">
        The support address could not be loaded.{' '}
        <button
          type="button"
          onClick={() => void refetch()}
          className="focus-ring rounded-sm font-medium text-brand-700 underline underline-offset-4"
        >
          {MESSAGES.tryAgain}
        </button>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-slate-700 text-sm">
        E-mail us at{' '}
        <a
          href={`mailto:${data.support_email}`}
          className="focus-ring break-all rounded-sm font-medium text-brand-700 underline underline-offset-4"
        >
          {data.support_email}
        </a>
      </p>
      <a href={supportMailto(data.support_email, user)} className={buttonClassName({ variant: 'secondary' })}>
        <Mail aria-hidden="true" className="size-4" />
        Write to support
      </a>
    </div>
  );
}
