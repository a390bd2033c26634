import type { ErrorDialogPayload } from '../../lib/error-dialog-store';
import { mailtoHref } from '../../lib/mailto';

export interface SupportMailUser {
  firstname?: string;
  email?: string;
}

/** The 'Contact Support' e-mail draft: everything support needs to find the failure. */
export function buildSupportMailto(supportEmail: string, payload: ErrorDialogPayload, user: SupportMailUser | null): string {
  const title = payload.title ?? 'Error';
  const subject = `Verity support request: ${title} (code ${payload.code})`;
  const lines = [
    'Hello Verity support,',
    '',
    'I ran into the following error:',
    '',
    `Code: ${payload.code}`,
    `Title: ${title}`,
    `Description: ${payload.description}`,
    `Context: ${payload.context ?? 'not given'}`,
    `Timestamp: ${payload.timestamp}`,
    `Request ID: ${payload.requestId ?? 'not given'}`,
    '',
    `Name: ${user?.firstname || 'not given'}`,
    `E-mail: ${user?.email || 'not given'}`,
    '',
    'What I was doing when it happened:',
    '',
  ];
  return mailtoHref(supportEmail, subject, lines);
}
