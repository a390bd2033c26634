import type { MailMessage } from './mailer.ts';
import { escapeHtml } from '../lib/html.ts';

const PRODUCT = 'Verity';

type ActionMode = 'verifyEmail' | 'resetPassword';

/** The link the web app's action handler understands (docs/api-contract.md). */
function actionLink(appUrl: string, mode: ActionMode, code: string): string {
  return `${appUrl}/auth/action-handler?mode=${mode}&oobCode=${encodeURIComponent(code)}`;
}

interface Recipient {
  to: string;
  firstname: string;
}

export function verificationEmail(options: Recipient & { appUrl: string; code: string; ttlHours: number }): MailMessage {
  const link = actionLink(options.appUrl, 'verifyEmail', options.code);
  const lifetime = plural(options.ttlHours, 'hour');
  return compose(options, `Verify your e-mail address for ${PRODUCT}`, [
    { text: `Thank you for creating a ${PRODUCT} account. Please confirm that this is your e-mail address by opening the link below:` },
    { link },
    { text: `The link works once and expires in ${lifetime}.` },
    { text: `If you did not create a ${PRODUCT} account, you can ignore this message and no account will be activated.` },
  ]);
}

export function passwordResetEmail(options: Recipient & { appUrl: string; code: string; ttlMinutes: number }): MailMessage {
  const link = actionLink(options.appUrl, 'resetPassword', options.code);
  return compose(options, `Reset your ${PRODUCT} password`, [
    { text: `We received a request to reset the password for your ${PRODUCT} account. To choose a new password, open the link below:` },
    { link },
    { text: `The link works once and expires in ${plural(options.ttlMinutes, 'minute')}. Any earlier reset links no longer work.` },
    { text: 'If you did not ask to reset your password, you can ignore this message: your password has not been changed.' },
  ]);
}

/** Sent to the owner of an address someone tried to sign up with, instead of saying so on screen. */
export function registrationAttemptEmail(options: Recipient & { appUrl: string }): MailMessage {
  return compose(options, `Someone tried to create a ${PRODUCT} account with your e-mail address`, [
    {
      text: `Someone (perhaps you) tried to create a new ${PRODUCT} account with this e-mail address. You already have an account, so no new account was created.`,
    },
    { text: 'If it was you, sign in here:' },
    { link: `${options.appUrl}/auth/login` },
    { text: 'If you have forgotten your password, you can reset it here:' },
    { link: `${options.appUrl}/auth/forgot-password` },
    { text: 'If it was not you, you can ignore this message: your account has not been changed.' },
  ]);
}

/** The link of a champion's invitation: the complete-profile page (docs/decisions.md). */
export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl}/auth/complete-profile?token=${encodeURIComponent(token)}`;
}

/** A champion's invitation into their organisation; the names come from the champion, so they are checked like any name. */
export function invitationEmail(
  options: Recipient & { inviter: string; organisation: string; link: string; ttlDays: number },
): MailMessage {
  const inviter = greetingName(options.inviter) === 'there' ? 'A colleague' : options.inviter.trim();
  const organisation = safeName(options.organisation);
  return compose(options, `You are invited to join ${organisation} on ${PRODUCT}`, [
    {
      text: `${inviter} has invited you to use ${PRODUCT}, the regulatory-compliance assistant, with ${organisation}. To set your password and complete your profile, open the link below:`,
    },
    { link: options.link },
    {
      text: `The link works once and expires in ${plural(options.ttlDays, 'day')}. If it has expired, the page lets you ask for a new one.`,
    },
    { text: 'If you were not expecting this invitation, you can ignore this message and no account will be activated.' },
  ]);
}

/** To an address that already has an account elsewhere, when another organisation invites it: nothing was changed. */
export function invitationForExistingAccountEmail(
  options: Recipient & { inviter: string; organisation: string; appUrl: string; supportEmail: string },
): MailMessage {
  const inviter = greetingName(options.inviter) === 'there' ? 'A colleague' : options.inviter.trim();
  const organisation = safeName(options.organisation);
  return compose(options, `An invitation to join ${organisation} on ${PRODUCT}`, [
    {
      text: `${inviter} has invited you to use ${PRODUCT} with ${organisation}. Your e-mail address already has a ${PRODUCT} account with another organisation, so nothing has changed: you keep signing in as before.`,
    },
    { link: `${options.appUrl}/auth/login` },
    {
      text: `An account belongs to one organisation. If you have moved to ${organisation}, ask us at ${options.supportEmail} to move it; if you were not expecting this invitation, you can ignore this message.`,
    },
  ]);
}

/** To the address an invitation was e-mailed to, when a champion withdraws it: the link no longer works. */
export function invitationWithdrawnEmail(options: Recipient & { organisation: string }): MailMessage {
  const organisation = safeName(options.organisation);
  return compose(options, `Your invitation to join ${organisation} on ${PRODUCT} was withdrawn`, [
    {
      text: `A champion of ${organisation} has withdrawn the invitation to ${PRODUCT} that we sent you, so its link no longer works.`,
    },
    { text: `If you still need ${PRODUCT}, ask a champion of ${organisation} to invite you again.` },
  ]);
}

/** The champion's answer to a request to join their organisation, to the person who asked. */
export function joinDecisionEmail(
  options: Recipient & { organisation: string; appUrl: string; decision: 'approved' | 'declined' },
): MailMessage {
  const organisation = safeName(options.organisation);
  if (options.decision === 'approved') {
    return compose(options, `You have joined ${organisation} on ${PRODUCT}`, [
      { text: `A champion of ${organisation} has approved your request to join. Your account is ready: sign in here:` },
      { link: `${options.appUrl}/auth/login` },
    ]);
  }
  return compose(options, `Your request to join ${organisation} on ${PRODUCT} was declined`, [
    {
      text: `A champion of ${organisation} has declined your request to join. If you think that is a mistake, ask one of its champions to invite you.`,
    },
    {
      text: `You can also sign in to start an organisation of your own on ${PRODUCT}, or to withdraw and close the account:`,
    },
    { link: `${options.appUrl}/auth/login` },
  ]);
}

/** An administrator's answer to a champion's request to confirm their organisation's e-mail domain, to the champion who asked. */
export function domainDecisionEmail(
  options: Recipient & { domain: string; appUrl: string; supportEmail: string; decision: 'approved' | 'refused' },
): MailMessage {
  // The champion's own address's domain, checked when they asked: written as it is (a link-shaped
  // organisation name is left out of other messages, but this one is the point of the message).
  const domain = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(options.domain) ? options.domain : 'your e-mail domain';
  if (options.decision === 'approved') {
    return compose(options, `${domain} is confirmed as your organisation’s domain on ${PRODUCT}`, [
      {
        text: `${PRODUCT} has confirmed ${domain} as your organisation’s e-mail domain. From now on, people who sign up with an address there ask to join your organisation instead of starting their own.`,
      },
      { text: 'You, and any other champion, approve or decline each request under “Requests to join” on your dashboard:' },
      { link: `${options.appUrl}/dashboard` },
    ]);
  }
  return compose(options, `${domain} was not confirmed as your organisation’s domain on ${PRODUCT}`, [
    {
      text: `A ${PRODUCT} administrator did not confirm ${domain} as your organisation’s e-mail domain, so people who sign up with an address there still start an organisation of their own.`,
    },
    {
      text: `You can still invite colleagues from your dashboard. If you think the domain should be confirmed, write to ${options.supportEmail}.`,
    },
    { link: `${options.appUrl}/dashboard` },
  ]);
}

export function passwordChangedEmail(options: Recipient & { appUrl: string; supportEmail: string; changedAt: Date }): MailMessage {
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/London' }).format(
    options.changedAt,
  );
  return compose(options, `Your ${PRODUCT} password was changed`, [
    { text: `The password for your ${PRODUCT} account was changed on ${when} (UK time). You have been signed out everywhere else.` },
    { text: 'If you made this change, there is nothing more to do.' },
    { text: `If you did not, reset your password straight away and let us know at ${options.supportEmail}:` },
    { link: `${options.appUrl}/auth/forgot-password` },
  ]);
}

type Block = { text: string } | { link: string };

function compose(recipient: Recipient, subject: string, blocks: Block[]): MailMessage {
  const greeting = `Hello ${greetingName(recipient.firstname)},`;
  const signOff = `The ${PRODUCT} team`;
  const text = [greeting, ...blocks.map((b) => ('link' in b ? b.link : b.text)), signOff].join('\n\n');
  const paragraphs = blocks.map((b) =>
    'link' in b ? `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.link)}</a></p>` : `<p>${escapeHtml(b.text)}</p>`,
  );
  const html = [
    '<!doctype html><html lang="en-GB"><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2933;">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs,
    `<p>${escapeHtml(signOff)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: recipient.to, subject, text, html };
}

/**
 * Names are typed by whoever signs up, possibly not the mailbox owner: anything that could pass
 * for a link or an address is left out so our e-mails cannot carry someone else's message.
 */
function greetingName(firstname: string): string {
  const name = firstname.replace(/\s+/g, ' ').trim();
  if (name === '' || name.length > 50 || /[:/@<>\\]|www\.|\.[a-z]{2,}\b/i.test(name)) return 'there';
  return name;
}

/** An organisation's name in a subject or sentence: anything that could pass for a link is left out. */
function safeName(name: string): string {
  return greetingName(name) === 'there' ? 'your organisation' : name.replace(/\s+/g, ' ').trim();
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
