import { parseArgs } from 'node:util';
import { isSharedEmailDomain } from '@verity/shared';
import { runCommand, withDatabase } from './run.ts';
import type { Database } from '../db/connect.ts';
import { approveDomain, findOrganisation, normaliseDomain, verifiedDomains } from '../core/identity/organisations.ts';

const USAGE = `Usage: npm run org-domain -- --organisation <id or name> --domain <domain>
       npm run org-domain -- --organisation <id or name>            (lists its domains)

Approves an e-mail domain for an organisation, as a Verity administrator who has checked that the
organisation owns it: its champions can then make copyable invitation links for addresses in it.
Uses the configured database (DATABASE_URL, or the embedded database in DATA_DIR: stop the server
first when using that).`;

/** A refusal the command explains in one line, without a stack trace. */
export class OrgDomainError extends Error {}

/** Approves the domain for the organisation (by id or name); answers the sentence to print. */
export async function approveOrganisationDomain(options: { db: Database; organisation: string; domain?: string }): Promise<string> {
  const organisation = await findOrganisation(options.db, options.organisation);
  if (!organisation) throw new OrgDomainError(`No organisation has the id or name "${options.organisation}".`);
  if (options.domain === undefined) {
    const domains = await verifiedDomains(options.db, organisation.id);
    return domains.length === 0
      ? `"${organisation.name}" has no verified domains.`
      : `"${organisation.name}" has these verified domains: ${domains.join(', ')}.`;
  }
  const domain = normaliseDomain(options.domain);
  if (!domain) throw new OrgDomainError(`"${options.domain}" is not a domain name (for example nhs-trust.nhs.uk).`);
  // What a champion's request for it would be refused for (modules/join/domains.ts): no one organisation owns it.
  if (isSharedEmailDomain(domain)) {
    throw new OrgDomainError(
      `${domain} is shared by many people or organisations (a public e-mail service, or nhs.net), so it cannot be approved for one organisation.`,
    );
  }
  const { added } = await approveDomain({
    db: options.db,
    organisationId: organisation.id,
    domain,
    approvedBy: 'command line',
    via: 'command_line',
  });
  return added
    ? `Approved ${domain} for "${organisation.name}": its champions can now make invitation links for addresses in it.`
    : `${domain} was already approved for "${organisation.name}"; nothing changed.`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { organisation: { type: 'string' }, domain: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.organisation) throw new OrgDomainError(`--organisation is required.\n\n${USAGE}`);
  const organisation = values.organisation;
  console.log(await withDatabase((db) => approveOrganisationDomain({ db, organisation, domain: values.domain })));
}

if (import.meta.main) runCommand('org-domain', USAGE, [OrgDomainError], main);
