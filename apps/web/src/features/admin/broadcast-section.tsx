import { type BROADCAST_AUDIENCES, type BroadcastInput, ROLES, type Role } from '@verity/shared';
import { type FormEvent, useId, useState } from 'react';
import { PanelSection } from '../../components/panel-section';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { submitErrors } from '../../lib/form-errors';
import { useAdminOrganisations, useBroadcast } from './api';
import { ROLE_NAMES } from './role-names';

type Audience = (typeof BROADCAST_AUDIENCES)[number];
type Field = 'title' | 'message' | 'organisation_id';

const TITLE_MAX = 120;
const MESSAGE_MAX = 1000;

/** A notification to everyone, one organisation or everyone holding a role; it appears in their notifications at once. */
export function BroadcastSection() {
  const send = useBroadcast();
  const organisations = useAdminOrganisations();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState<Audience>('everyone');
  const [organisationId, setOrganisationId] = useState('');
  const [role, setRole] = useState<Role>('champion');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const messageId = useId();
  const organisationFieldId = useId();
  const roleFieldId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const found: Partial<Record<Field, string>> = {};
    if (title.trim().length < 3) found.title = 'Give the notification a title (at least 3 characters).';
    if (message.trim().length < 3) found.message = 'Write the message (at least 3 characters).';
    if (audience === 'organisation' && !organisationId) found.organisation_id = 'Choose the organisation.';
    setErrors(found);
    setFormError(null);
    setSent(null);
    if (Object.keys(found).length > 0) return;
    const input: BroadcastInput = {
      title: title.trim(),
      message: message.trim(),
      audience,
      ...(audience === 'organisation' ? { organisation_id: organisationId } : {}),
      ...(audience === 'role' ? { role } : {}),
    };
    try {
      const answer = await send.mutateAsync(input);
      setSent(answer.message);
      setTitle('');
      setMessage('');
    } catch (cause) {
      const { fieldErrors, formError: whole } = submitErrors<Field>(
        cause,
        ['title', 'message', 'organisation_id'],
        'The notification could not be sent.',
      );
      setErrors(fieldErrors);
      setFormError(whole ?? null);
    }
  };

  const selectClass = 'focus-ring h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-base sm:text-sm';
  return (
    <PanelSection
      title="Broadcast a notification"
      description="It appears at once in the notifications of every active member of the audience, and is recorded in the audit log."
    >
      <form onSubmit={submit} aria-label="Broadcast a notification" className="flex max-w-2xl flex-col gap-4" noValidate>
        <fieldset className="flex flex-wrap gap-x-5 gap-y-2">
          <legend className="mb-2 font-medium text-slate-800 text-sm">Send to</legend>
          {(
            [
              ['everyone', 'Everyone'],
              ['organisation', 'One organisation'],
              ['role', 'Everyone with a role'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input type="radio" name="audience" value={value} checked={audience === value} onChange={() => setAudience(value)} />
              {label}
            </label>
          ))}
        </fieldset>
        {audience === 'organisation' && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={organisationFieldId} className="font-medium text-slate-800 text-sm">
              Organisation
            </label>
            <select
              id={organisationFieldId}
              value={organisationId}
              onChange={(event) => setOrganisationId(event.target.value)}
              aria-invalid={errors.organisation_id ? true : undefined}
              aria-describedby={errors.organisation_id ? `${organisationFieldId}-error` : undefined}
              className={selectClass}
            >
              <option value="">Choose an organisation</option>
              {(organisations.data?.organisations ?? [])
                .filter((organisation) => organisation.active)
                .map((organisation) => (
                  <option key={organisation.id} value={organisation.id}>
                    {organisation.name}
                  </option>
                ))}
            </select>
            {errors.organisation_id && (
              <p id={`${organisationFieldId}-error`} className="text-red-700 text-sm">
                {errors.organisation_id}
              </p>
            )}
          </div>
        )}
        {audience === 'role' && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={roleFieldId} className="font-medium text-slate-800 text-sm">
              Role
            </label>
            <select id={roleFieldId} value={role} onChange={(event) => setRole(event.target.value as Role)} className={selectClass}>
              {ROLES.map((option) => (
                <option key={option} value={option}>
                  {ROLE_NAMES[option]}
                </option>
              ))}
            </select>
          </div>
        )}
        <TextField
          label="Title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={TITLE_MAX}
          error={errors.title}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={messageId} className="font-medium text-slate-800 text-sm">
            Message
          </label>
          <textarea
            id={messageId}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            maxLength={MESSAGE_MAX}
            rows={4}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={`${messageId}-hint${errors.message ? ` ${messageId}-error` : ''}`}
            className="focus-ring w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 sm:text-sm"
          />
          <p id={`${messageId}-hint`} className="text-slate-500 text-xs">
            {message.length} of {MESSAGE_MAX} characters
          </p>
          {errors.message && (
            <p id={`${messageId}-error`} className="text-red-700 text-sm">
              {errors.message}
            </p>
          )}
        </div>
        {formError && <Alert>{formError}</Alert>}
        {sent && <Alert tone="success">{sent}</Alert>}
        <div>
          <Button type="submit" loading={send.isPending}>
            Send
          </Button>
        </div>
      </form>
    </PanelSection>
  );
}
