import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema, type Role } from '@verity/shared';
import { runCommand, withDatabase } from './run.ts';
import type { Database } from '../db/connect.ts';
import { newSecret } from '../lib/ids.ts';
import { passwordWeakness } from '../lib/passwords.ts';
import { createAccount, findUserByEmail, type UserRow } from '../core/identity/accounts.ts';
import { recordEvent } from '../core/events/service.ts';
import { createOrganisation, findOrganisationByName, type Organisation } from '../core/identity/organisations.ts';

export const ADMIN_ROLES: readonly Role[] = ['verity_admin', 'standard'];

const USAGE = `Usage: npm run create-admin -- --email admin@example.org [--organisation "Name"] [--first-name Ada] [--surname Lovelace]

Creates a verified Verity administrator (roles verity_admin + standard) in the configured database
(DATABASE_URL, or the embedded database in DATA_DIR: stop the server first when using that).
On a terminal you are asked for the password twice; otherwise a strong one is generated and printed once.
The organisation is created when no organisation has that name; it defaults to the e-mail domain.`;

/** A refusal the command explains in one line, without a stack trace. */
export class CreateAdminError extends Error {}

export function validateAdminEmail(raw: string): string {
  const parsed = emailSchema.safeParse(raw);
  if (!parsed.success) throw new CreateAdminError(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address');
  return parsed.data;
}

export function validateAdminPassword(password: string, context: readonly string[]): void {
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) throw new CreateAdminError(parsed.error.issues[0]?.message ?? 'The password is not valid');
  const weakness = passwordWeakness(password, context);
  if (weakness) throw new CreateAdminError(weakness);
}

/** Creates the administrator (and the organisation when needed) in one transaction. */
export async function createAdmin(options: {
  db: Database;
  email: string;
  password: string;
  organisation?: string;
  firstname?: string;
  surname?: string;
}): Promise<{ user: UserRow; organisation: Organisation; organisationCreated: boolean }> {
  const email = validateAdminEmail(options.email);
  const firstname = options.firstname?.trim() || 'Verity';
  const surname = options.surname?.trim() || 'Administrator';
  validateAdminPassword(options.password, [firstname, surname, email.split('@')[0] ?? '']);
  const organisationName = options.organisation?.trim() || (email.split('@')[1] ?? email);

  return options.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) throw new CreateAdminError(`An account with the e-mail address ${email} already exists.`);
    const found = await findOrganisationByName(tx, organisationName);
    const organisation = found ?? (await createOrganisation({ db: tx, name: organisationName }));
    const user = await createAccount({
      db: tx,
      organisationId: organisation.id,
      email,
      firstname,
      surname,
      jobTitle: 'Verity administrator',
      password: options.password,
      roles: [...ADMIN_ROLES],
      emailVerified: true,
    });
    // Run by an operator at the server, so no user did it.
    await recordEvent(tx, {
      kind: 'auth.account_created',
      organisationId: organisation.id,
      actorUserId: null,
      subject: { type: 'user', id: user.id },
      data: { via: 'create_admin', roles: [...ADMIN_ROLES], organisation_created: !found },
    });
    return { user, organisation, organisationCreated: !found };
  });
}

/** A random password that passes every rule (24 base64url characters, 144 bits). */
export function generatePassword(): string {
  for (;;) {
    const candidate = newSecret(18);
    if (passwordWeakness(candidate) === null) return candidate;
  }
}

/** Reads a line from the terminal without echoing it. */
async function promptHidden(question: string): Promise<string> {
  process.stdout.write(question);
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: silent, terminal: true });
  rl.on('SIGINT', () => {
    rl.close();
    process.stdout.write('\n');
    process.exit(130);
  });
  try {
    return await rl.question('');
  } finally {
    rl.close();
    process.stdout.write('\n');
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      organisation: { type: 'string' },
      'first-name': { type: 'string' },
      surname: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.email) throw new CreateAdminError(`--email is required.\n\n${USAGE}`);
  const email = validateAdminEmail(values.email);

  await withDatabase(async (db) => {
    // Checked before asking for a password, so nobody types one for nothing.
    if (await findUserByEmail(db, email)) throw new CreateAdminError(`An account with the e-mail address ${email} already exists.`);

    let password: string;
    let generated = false;
    if (process.stdin.isTTY) {
      password = await promptHidden('Password for the new administrator: ');
      validateAdminPassword(password, [values['first-name'] ?? '', values.surname ?? '', email.split('@')[0] ?? '']);
      const again = await promptHidden('Type it again: ');
      if (again !== password) throw new CreateAdminError('The passwords do not match.');
    } else {
      password = generatePassword();
      generated = true;
    }

    const { user, organisation, organisationCreated } = await createAdmin({
      db,
      email,
      password,
      organisation: values.organisation,
      firstname: values['first-name'],
      surname: values.surname,
    });
    const lines = [
      `Created administrator ${user.email} (${ADMIN_ROLES.join(' + ')}) in ${organisationCreated ? 'the new' : 'the existing'} organisation "${organisation.name}".`,
    ];
    if (generated) lines.push(`Password (shown only this once; change it after signing in): ${password}`);
    console.log(lines.join('\n'));
  });
}

if (import.meta.main) runCommand('create-admin', USAGE, [CreateAdminError], main);
