import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from './db/schema.ts';
import { buildTestApp, type TestApp } from './test/app.ts';
import { buildOrganisation, buildUser, type TestUser } from './test/factories.ts';
import { multipart } from './test/multipart.ts';

/**
 * The CSV files the server exports (the workforce report, the audit log) opened in a spreadsheet:
 * names, job titles, organisation names and e-mail addresses that people chose, written as
 * formulas (=, +, -, @, a tab or a carriage return first), must arrive as text. Every cell of
 * every export is checked, not only the ones planted here, so a new column is covered too.
 * (The dashboard's users CSV is written in the browser by the same rule; its table test checks it.)
 */

const FORMULAS = ['=1+1', '+SUM(A1:A9)', '-2+3', '@SUM(A1)', '\tTAB', '\rCR', '=HYPERLINK("http://evil.example","x")'];

let t: TestApp;
let champion: TestUser;
let admin: TestUser;

/** RFC 4180 cells, quoted fields with doubled quotes and line breaks inside them included. */
export function csvCells(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** A cell a spreadsheet would run: a formula's first character, unless the whole cell is a number. */
const runnable = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+(\.\d+)?$/.test(cell);

function expectNoFormulas(csv: string) {
  const cells = csvCells(csv.replace(/^\uFEFF/, '')).flat();
  expect(cells.length).toBeGreaterThan(10);
  expect(cells.filter(runnable)).toEqual([]);
}

async function signIn(user: TestUser) {
  const form = await multipart({ email: user.email, password: user.password });
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: form.headers, payload: form.payload });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  t = await buildTestApp();
  const organisation = await buildOrganisation(t, FORMULAS[6]);
  champion = await buildUser(t, { organisationId: organisation.id, roles: ['standard', 'champion'], firstname: FORMULAS[0] });
  admin = await buildUser(t, { roles: ['verity_admin', 'standard'] });
  const people = [
    champion,
    ...(await Promise.all(
      FORMULAS.slice(1).map((formula, i) =>
        buildUser(t, {
          organisationId: organisation.id,
          firstname: formula,
          email: i % 2 === 0 ? `-${i}+1@evil.example` : `+${i}@evil.example`,
        }),
      ),
    )),
  ];
  for (const [i, person] of people.entries()) {
    await t.db
      .update(users)
      .set({ jobTitle: FORMULAS[(i + 3) % FORMULAS.length] })
      .where(eq(users.id, person.user.id));
    // A sign-in puts the person, their address and their organisation in the audit log.
    await signIn(person);
  }
});

afterAll(async () => {
  await t?.close();
});

describe('CSV exports written as formulas stay text', () => {
  test('the workforce report', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/reports/workforce/csv?days=30', headers: champion.headers });
    expect(response.statusCode, response.body).toBe(200);
    expectNoFormulas(response.body);
    expect(response.body).toContain("'=1+1");
    expect(response.body).toContain("'@SUM(A1)");
  });

  test('the audit log', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/audit/export', headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    expectNoFormulas(response.body);
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(response.body).toContain("'-0+1@evil.example");
  });

  test('the checker sees a formula', () => {
    expect(csvCells('a,"=1+1",-3\r\n+x,"\tb",c\r\n').flat().filter(runnable)).toEqual(['=1+1', '+x', '\tb']);
  });
});
