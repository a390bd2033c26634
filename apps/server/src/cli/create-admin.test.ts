import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../db/connect.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { findUserByEmail } from '../core/identity/accounts.ts';
import { findOrganisationByName } from '../core/identity/organisations.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { onPostgres } from '../test/database.ts';
import { buildOrganisation } from '../test/factories.ts';
import { multipart } from '../test/multipart.ts';
import { CreateAdminError, createAdmin } from './create-admin.ts';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./create-admin.ts', import.meta.url));
const PASSWORD = 'granite-meadow-compass-64';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('createAdmin', () => {
  test('creates a verified administrator who can sign in, in a new organisation', async () => {
    const { user, organisation, organisationCreated } = await createAdmin({
      db: t.db,
      email: ' Ada.Admin@Example.NHS.uk ',
      password: PASSWORD,
      organisation: 'Verity Operations',
      firstname: 'Ada',
      surname: 'Lovelace',
    });
    expect(organisationCreated).toBe(true);
    expect(organisation.name).toBe('Verity Operations');
    expect(user).toMatchObject({
      email: 'ada.admin@example.nhs.uk',
      firstname: 'Ada',
      surname: 'Lovelace',
      roles: ['verity_admin', 'standard'],
    });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...(await multipart({ email: user.email, password: PASSWORD })),
    });
    expect(login.statusCode).toBe(200);
  });

  test('joins an existing organisation of that name', async () => {
    const existing = await buildOrganisation(t, 'Existing Trust');
    const { organisation, organisationCreated } = await createAdmin({
      db: t.db,
      email: 'second@example.org',
      password: PASSWORD,
      organisation: 'Existing Trust',
    });
    expect(organisationCreated).toBe(false);
    expect(organisation.id).toBe(existing.id);
  });

  test('refuses an address that is taken, an invalid address and weak passwords, creating nothing', async () => {
    await createAdmin({ db: t.db, email: 'taken@example.org', password: PASSWORD });
    await expect(createAdmin({ db: t.db, email: 'TAKEN@example.org', password: PASSWORD })).rejects.toThrow(/already exists/);
    await expect(createAdmin({ db: t.db, email: 'not-an-address', password: PASSWORD })).rejects.toBeInstanceOf(CreateAdminError);
    await expect(createAdmin({ db: t.db, email: 'short@example.org', password: 'short' })).rejects.toThrow(/at least 12/);
    await expect(createAdmin({ db: t.db, email: 'common@example.org', password: 'password1234' })).rejects.toThrow(/too common/);
    expect(await findUserByEmail(t.db, 'short@example.org')).toBeUndefined();
    expect(await findUserByEmail(t.db, 'common@example.org')).toBeUndefined();
    expect(await findOrganisationByName(t.db, 'common@example.org')).toBeUndefined();
  });
});

// The command opens an embedded database of its own (DATABASE_URL empty) in either project, so it
// runs once, where the suites use the embedded database: not again beside PostgreSQL.
describe.skipIf(onPostgres)('npm run create-admin (no terminal)', () => {
  test('generates a strong password, prints it once, and refuses a second run for the same address', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'verity-create-admin-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    try {
      const first = await run(process.execPath, [script, '--email', 'ops@example.org', '--organisation', 'Ops Trust'], { env });
      const password = first.stdout.match(/Password \(shown only this once; change it after signing in\): (\S+)/)?.[1] ?? '';
      expect(first.stdout).toContain(
        'Created administrator ops@example.org (verity_admin + standard) in the new organisation "Ops Trust".',
      );
      expect(password.length).toBeGreaterThanOrEqual(20);

      const again = await run(process.execPath, [script, '--email', 'ops@example.org'], { env }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(again?.code).toBe(1);
      expect(again?.stderr).toContain('already exists');

      const database = await openDatabase({ dataDir });
      try {
        const user = await findUserByEmail(database.db, 'ops@example.org');
        expect(user?.roles).toEqual(['verity_admin', 'standard']);
        expect(await verifyPassword(password, user?.passwordHash ?? null)).toBe(true);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
