import type { JoinDomain } from '@verity/shared';
import { Building2, MailQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { AuthPageHeader } from './auth-page-header';

export interface RegisterChoiceProps {
  found: JoinDomain;
  creating: boolean;
  error: string | null;
  onStartOrganisation: () => void;
  onAskForInvitation: () => void;
  onBack: () => void;
}

/**
 * Before anything is created, for an address whose domain no organisation has verified (or a
 * shared one: a public provider, nhs.net): start a new organisation, or ask the organisation's
 * champion for an invitation instead.
 */
export function RegisterChoice({ found, creating, error, onStartOrganisation, onAskForInvitation, onBack }: RegisterChoiceProps) {
  return (
    <div>
      <AuthPageHeader
        title="How will you use Verity?"
        description={
          found.match === 'shared' ? (
            <>
              <strong className="font-semibold text-slate-900">{found.domain}</strong> addresses are shared by many people and
              organisations, so yours does not tell us where you work.
            </>
          ) : (
            <>
              No organisation on Verity has confirmed <strong className="font-semibold text-slate-900">{found.domain}</strong> as its e-mail
              domain yet.
            </>
          )
        }
      />
      {error && <Alert className="mb-4">{error}</Alert>}
      <ul className="space-y-3">
        <ChoiceCard
          icon={<Building2 aria-hidden="true" className="size-5" />}
          title="Start a new organisation"
          description="Create your account and a new organisation. You become its champion: you can invite colleagues and see how your organisation uses Verity."
        >
          <Button className="w-full" onClick={onStartOrganisation} loading={creating}>
            Start a new organisation
          </Button>
        </ChoiceCard>
        <ChoiceCard
          icon={<MailQuestion aria-hidden="true" className="size-5" />}
          title="Join my organisation"
          description="If your organisation already uses Verity, ask its champion to invite you. No account is created now."
        >
          <Button variant="secondary" className="w-full" onClick={onAskForInvitation} disabled={creating}>
            Ask my champion for an invitation
          </Button>
        </ChoiceCard>
      </ul>
      <p className="mt-6 text-center">
        <Button variant="ghost" onClick={onBack} disabled={creating}>
          Change my details
        </Button>
      </p>
    </div>
  );
}

function ChoiceCard({ icon, title, description, children }: { icon: ReactNode; title: string; description: string; children: ReactNode }) {
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex gap-3">
        <span className="mt-0.5 shrink-0 text-brand-700">{icon}</span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-slate-900 text-sm">{title}</h2>
          <p className="mt-1 text-pretty text-slate-600 text-sm leading-6">{description}</p>
        </div>
      </div>
      <div className="mt-3">{children}</div>
    </li>
  );
}

/** How invitations work, for someone who chose to ask their champion rather than start an organisation. */
export function AskForInvitation({ email, onBack }: { email: string; onBack: () => void }) {
  return (
    <section>
      <AuthPageHeader title="Ask your champion for an invitation" description="Nothing has been created: your details were not kept." />
      <ol className="list-decimal space-y-3 pl-5 text-pretty text-slate-600 text-sm leading-6 marker:font-semibold marker:text-slate-900">
        <li>
          Ask your organisation’s Verity champion to invite <strong className="break-all font-semibold text-slate-900">{email}</strong>.
          Champions invite colleagues from their Champion Dashboard. Not sure who yours is? Your line manager or information governance team
          will know.
        </li>
        <li>You receive an e-mail with a link. It works for a few days; if it expires, the page it opens sends you a new one.</li>
        <li>Open the link, choose your password and you are signed in to your organisation’s Verity.</li>
      </ol>
      <div className="mt-6 flex flex-col gap-3">
        <ButtonLink to="/auth/login" className="w-full">
          Go to sign in
        </ButtonLink>
        <Button variant="secondary" className="w-full" onClick={onBack}>
          Back
        </Button>
      </div>
    </section>
  );
}
