/**
 * The log is read by operators and shipped to log stores: nothing a user typed, uploaded or holds
 * as a secret may reach it, even when a request fails deep inside a query. Every value below is a
 * unique canary; the whole log of a run through the API, at its most talkative level and with
 * database failures forced, must contain none of them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ingestSeedCorpus } from './ingest/corpus.ts';
import { buildTestApp, type TestApp } from './test/app.ts';
import { ask, newSession, post } from './test/chat.ts';
import { buildUser, type TestUser } from './test/factories.ts';
import { multipart } from './test/multipart.ts';

const INGESTION_TOKEN = 'canary-ingestion-token-5e1d0c9b7a';
const CANARY = {
  firstName: 'Canaryfirst7c2e',
  surname: 'Canarysurname4b81',
  password: 'canary-password-91d3f7aa',
  wrongPassword: 'canary-wrong-password-0f6e',
  question: 'canaryquestion3a7d legionella temperature',
  search: 'canarysearch8e2b',
  sessionSearch: 'canarysessionsearch61c0',
  title: 'canarytitle2d9f',
  rename: 'canaryrename5f10',
  failingRename: 'canaryfailing9a3c',
  failingQuestion: 'canaryfailingquestion7b44',
  feedback: 'canaryfeedback0c5a',
  attachment: 'canaryattachment4e8f',
  ingested: 'canaryingested6d21',
  ingestionToken: INGESTION_TOKEN,
};

let t: TestApp;
let standard: TestUser;
const lines: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'trace', INGESTION_TOKEN }, { logStream: { write: (line) => lines.push(line) } });
  await ingestSeedCorpus({ db: t.db });
  standard = await buildUser(t);
});

afterAll(async () => {
  await t.close();
});

test('names, passwords, tokens, questions, search terms and file text never reach the log, even from failed queries', async () => {
  const email = `canary.${Date.now()}@example.org`;
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    ...(await multipart({
      first_name: CANARY.firstName,
      surname: CANARY.surname,
      job_title: 'Estates Manager',
      email,
      password: CANARY.password,
      confirm_password: CANARY.password,
    })),
  });
  expect(signup.statusCode).toBe(201);
  const wrong = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    ...(await multipart({ email, password: CANARY.wrongPassword })),
  });
  expect(wrong.statusCode).toBeGreaterThanOrEqual(400);

  const update = await t.app.inject({
    method: 'POST',
    url: '/api/account/update',
    headers: standard.headers,
    payload: { firstname: CANARY.firstName, surname: CANARY.surname, job_title: 'Head of Estates' },
  });
  expect(update.statusCode).toBe(200);

  const search = await t.app.inject({ method: 'GET', url: `/api/docs/search?q=${CANARY.search}`, headers: standard.headers });
  expect(search.statusCode).toBe(200);

  const session = await newSession(t, standard, CANARY.title);
  const answer = await ask(t, standard, session.id, { content: CANARY.question });
  const feedback = await post(t, standard, `/chat/sessions/${session.id}/messages/${answer.done.answer.id}/feedback`, {
    rating: 'down',
    comment: CANARY.feedback,
  });
  expect(feedback.statusCode).toBe(200);
  const renamed = await t.app.inject({
    method: 'PATCH',
    url: `/api/chat/sessions/${session.id}`,
    headers: standard.headers,
    payload: { title: CANARY.rename },
  });
  expect(renamed.statusCode).toBe(200);
  const listed = await t.app.inject({ method: 'GET', url: `/api/chat/sessions?q=${CANARY.sessionSearch}`, headers: standard.headers });
  expect(listed.statusCode).toBe(200);

  const form = await multipart({
    file: new File([`Hot water is stored at 60 °C. ${CANARY.attachment}`], 'notes.txt', { type: 'text/plain' }),
  });
  const attached = await t.app.inject({
    method: 'POST',
    url: `/api/chat/sessions/${session.id}/attachments`,
    headers: { ...standard.headers, ...form.headers },
    payload: form.payload,
  });
  expect(attached.statusCode, attached.body).toBe(201);

  const ingestForm = await multipart({
    file: new File([`# Water plan\n\nOutlets are flushed weekly. ${CANARY.ingested}\n`], 'water-plan.md'),
    category: 'Policy',
    domain: 'Water',
    subdomain: 'Legionella',
  });
  const ingested = await t.app.inject({
    method: 'POST',
    url: '/api/ingest/documents',
    payload: ingestForm.payload,
    headers: { ...ingestForm.headers, token: INGESTION_TOKEN },
  });
  expect(ingested.statusCode).toBe(202);

  // Failures inside queries: a constraint the values break, so the database's own message and
  // detail quote them, and a missing table under a question.
  await t.db.execute(sql.raw(`alter table chat_sessions add constraint log_canary_check check (title not like '%canaryfailing%')`));
  const failingRename = await t.app.inject({
    method: 'PATCH',
    url: `/api/chat/sessions/${session.id}`,
    headers: standard.headers,
    payload: { title: CANARY.failingRename },
  });
  expect(failingRename.statusCode).toBe(500);
  await t.db.execute(sql.raw('alter table chat_messages rename to chat_messages_hidden'));
  const failingQuestion = await post(t, standard, `/chat/sessions/${session.id}/messages`, { content: CANARY.failingQuestion });
  expect(failingQuestion.statusCode).toBeGreaterThanOrEqual(500);
  await t.db.execute(sql.raw('alter table chat_messages_hidden rename to chat_messages'));

  await t.mailIdle();
  const log = lines.join('');
  // The failures were logged (with their SQL and codes), so the check below is not vacuous.
  expect(lines.filter((line) => line.includes('"request failed"')).length).toBeGreaterThanOrEqual(1);
  expect(log).toContain('23514');
  for (const [name, value] of Object.entries(CANARY)) {
    expect(log.includes(value), `${name} appears in the log`).toBe(false);
  }
  for (const token of [standard.token]) expect(log).not.toContain(token);
});
