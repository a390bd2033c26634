import { type InvitationRequest, type InvitationResult, MEMBER_ROLES, MESSAGES } from '@verity/shared';
import { Check, ClipboardCopy, MailPlus, Share2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { EmailField } from '../../components/forms/email-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { checkParsed, parseWith, useFormSubmit, preloadFormSchemas } from '../../hooks/use-form-submit';
import { useFormFields } from '../../hooks/use-form-fields';
import { submitErrors } from '../../lib/form-errors';
import { type InvitationMode, useCreateInvitation } from './api';
import { PanelSection } from '../../components/panel-section';
import { ROLE_HINTS, ROLE_LABELS } from './format';

type Field = keyof InvitationRequest;
const FIELDS: readonly Field[] = ['email', 'first_name', 'last_name', 'job_title', 'role'];
const EMPTY: Record<Field, string> = { email: '', first_name: '', last_name: '', job_title: '', role: 'standard' };

const FAILURE: Record<InvitationMode, string> = {
  email: MESSAGES.createInvitationFailed,
  link: MESSAGES.createInvitationLinkFailed,
};

interface Created extends InvitationResult {
  mode: InvitationMode;
  email: string;
}

/**
 * Invite a colleague: by e-mail (Verity sends the invitation) or by a link the champion shares
 * themselves. Each attempt clears the previous result (SPEC §4); the e-mail is lower-cased
 * before it is sent (SPEC §5).
 */
export function InvitePanel() {
  const { values, setValues, fieldErrors, setFieldErrors, handleChange } = useFormFields(EMPTY);
  const create = useCreateInvitation();
  const mode = useRef<InvitationMode>('email');
  const [created, setCreated] = useState<Created | null>(null);

  const { formError, handleSubmit } = useFormSubmit({
    check: async () => checkParsed<Field, InvitationRequest>(await parseWith((schemas) => schemas.invitationRequestSchema, values)),
    setFieldErrors,
    send: (body: InvitationRequest) => {
      setCreated(null);
      return create.mutateAsync({ mode: mode.current, body });
    },
    failure: (error) => submitErrors(error, FIELDS, FAILURE[mode.current]),
    onSuccess: (result, body) => {
      setCreated({ ...result, mode: mode.current, email: body.email });
      setValues(EMPTY);
    },
  });

  const field = (name: Field) => ({ name, value: values[name], onChange: handleChange, error: fieldErrors[name] });
  const roleId = useId();
  const role = (values.role || 'standard') as (typeof MEMBER_ROLES)[number];

  return (
    <PanelSection title="Invite a colleague" description="Send an invitation by e-mail, or create a link to share yourself.">
      <form onInput={preloadFormSchemas} noValidate onSubmit={handleSubmit} className="space-y-4">
        <EmailField label="E-mail address" {...field('email')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="off" required {...field('first_name')} />
          <TextField label="Last name" autoComplete="off" required {...field('last_name')} />
        </div>
        <TextField label="Job title" autoComplete="off" required {...field('job_title')} />
        <div>
          <label htmlFor={roleId} className="block font-medium text-slate-900 text-sm">
            Role
          </label>
          <select
            id={roleId}
            name="role"
            value={role}
            onChange={(event) => setValues((current) => ({ ...current, role: event.target.value }))}
            aria-describedby={`${roleId}-hint`}
            className="focus-ring mt-1 h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm sm:max-w-xs"
          >
            {MEMBER_ROLES.map((choice) => (
              <option key={choice} value={choice}>
                {ROLE_LABELS[choice]}
              </option>
            ))}
          </select>
          <p id={`${roleId}-hint`} className="mt-1 text-slate-600 text-xs">
            {ROLE_HINTS[role]}
          </p>
        </div>
        {formError && <Alert>{formError}</Alert>}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            type="submit"
            loading={create.isPending && mode.current === 'email'}
            disabled={create.isPending}
            onClick={() => {
              mode.current = 'email';
            }}
          >
            {!(create.isPending && mode.current === 'email') && <MailPlus aria-hidden="true" className="size-4" />}
            Send invitation
          </Button>
          <Button
            type="submit"
            variant="secondary"
            loading={create.isPending && mode.current === 'link'}
            disabled={create.isPending}
            onClick={() => {
              mode.current = 'link';
            }}
          >
            {!(create.isPending && mode.current === 'link') && <Share2 aria-hidden="true" className="size-4" />}
            Create link
          </Button>
        </div>
      </form>
      {created && <CreatedInvitation created={created} />}
    </PanelSection>
  );
}

function CreatedInvitation({ created }: { created: Created }) {
  if (created.mode === 'email' || !created.link) {
    return (
      <Alert tone="success" className="mt-4">
        Invitation sent to {created.email}.
      </Alert>
    );
  }
  return <InvitationLink link={created.link} email={created.email} />;
}

function InvitationLink({ link, email }: { link: string; email: string }) {
  const inputId = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 p-3">
      <label htmlFor={inputId} className="font-medium text-emerald-950 text-sm">
        Invitation link for {email}
      </label>
      <p className="mt-0.5 text-emerald-900 text-xs">It is shown only now: copy it and share it with them.</p>
      <div className="mt-2 flex gap-2">
        <input
          id={inputId}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="focus-ring h-9 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 font-mono text-slate-900 text-xs"
        />
        <Button variant="secondary" size="sm" onClick={copy} className="h-9 shrink-0">
          {copied ? <Check aria-hidden="true" className="size-4" /> : <ClipboardCopy aria-hidden="true" className="size-4" />}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {copied === true ? 'Link copied' : ''}
      </p>
      {copied === false && <p className="mt-1 text-red-800 text-xs">The link could not be copied: select it and copy it yourself.</p>}
    </div>
  );
}
