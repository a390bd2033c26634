import type { Role } from '@verity/shared';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { documents, users } from '../db/schema.ts';
import { createAccount } from '../core/identity/accounts.ts';
import { type Activity, recordActivity } from './activity.ts';

/**
 * A year of the demo organisation's activity, so the champion's dashboard has something true to
 * show on first start: 21 colleagues join the four demo accounts, and each of the 25 signs in,
 * asks questions, writes minutes and reviews policies on working days, more as the year goes on
 * (adoption grows). Everything goes through the services real use goes through (createAccount,
 * the events service, which checks each cited document against what the organisation may see);
 * only the times are in the past. Deterministic for a given day (a seeded random sequence), and
 * written once: when the colleagues exist, nothing is written again.
 */

const DAYS = 365;
const DAY_MS = 86_400_000;
const SEED = 20_260_401;

interface Person {
  email: string;
  firstname: string;
  surname: string;
  jobTitle: string;
  roles: Role[];
}

/** The colleagues: invented people with the job titles of a trust's estates, quality and clinical teams. */
export const DEMO_COLLEAGUES: readonly Person[] = [
  ['Amelia', 'Clarke', 'Estates Manager'],
  ['Oliver', 'Bennett', 'Authorised Engineer (Water)'],
  ['Isla', 'Patel', 'Infection Prevention and Control Nurse'],
  ['George', 'Wright', 'Fire Safety Adviser'],
  ['Sophie', 'Evans', 'Head of Compliance'],
  ['Harry', 'Thompson', 'Electrical Services Engineer'],
  ['Mia', 'Robinson', 'Risk Manager'],
  ['Jack', 'Walker', 'Ventilation Engineer'],
  ['Ella', 'Hall', 'Health and Safety Officer'],
  ['Noah', 'Green', 'Capital Projects Manager'],
  ['Ava', 'Lewis', 'Ward Manager'],
  ['Leo', 'Khan', 'Medical Gases Authorised Person'],
  ['Freya', 'Scott', 'Governance Lead'],
  ['Arthur', 'Young', 'Maintenance Supervisor'],
  ['Poppy', 'King', 'Decontamination Lead'],
  ['Oscar', 'Baker', 'Energy and Sustainability Manager'],
  ['Hannah', 'Adams', 'Patient Safety Specialist'],
  ['Alfie', 'Mitchell', 'Estates Officer'],
  ['Lily', 'Campbell', 'Matron'],
  ['Theo', 'Morris', 'Facilities Coordinator'],
  ['Evie', 'Rahman', 'Quality Improvement Lead'],
].map(([firstname = '', surname = '', jobTitle = '']) => ({
  email: `${firstname}.${surname}@example.org`.toLowerCase(),
  firstname,
  surname,
  jobTitle,
  roles: ['standard'],
}));

/** A small deterministic random sequence (mulberry32). */
function randomSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** How much a person uses Verity: the chance of using it on a working day once they have started. */
interface Habit {
  dailyChance: number;
  /** Days ago they started (some joined during the year). */
  startedDaysAgo: number;
  /** A guest signs in to read the library but uses no tool. */
  readsOnly: boolean;
  /** Questions asked on a day of use: at least, and up to this many more. */
  questions: { least: number; more: number };
}

/** The demo accounts' habits: the champion leads by example (clearly the most active), the guest only reads. */
const DEMO_ACCOUNT_HABITS: Record<string, Pick<Habit, 'dailyChance' | 'questions'>> = {
  'champion@example.org': { dailyChance: 0.85, questions: { least: 2, more: 3 } },
  'standard@example.org': { dailyChance: 0.5, questions: { least: 1, more: 2 } },
  'admin@example.org': { dailyChance: 0.2, questions: { least: 1, more: 2 } },
  'guest@example.org': { dailyChance: 0.2, questions: { least: 0, more: 0 } },
};

function habitOf(person: { email: string; roles: readonly string[] }, colleague: number, random: () => number): Habit {
  const readsOnly = person.roles.length === 1 && person.roles[0] === 'guest';
  const demo = DEMO_ACCOUNT_HABITS[person.email];
  if (demo) return { ...demo, startedDaysAgo: DAYS, readsOnly };
  // A few colleagues are keen, most occasional, the last few dormant; the later ones joined during the year.
  const dailyChance = colleague < 4 ? 0.3 + random() * 0.15 : colleague < 16 ? 0.08 + random() * 0.22 : random() * 0.04;
  const startedDaysAgo = colleague < 8 ? DAYS : Math.floor(30 + random() * (DAYS - 30));
  return { dailyChance, startedDaysAgo, readsOnly, questions: { least: 1, more: 2 } };
}

function activityOf(options: { habit: Habit; now: Date; library: readonly string[]; random: () => number }): Activity[] {
  const { habit, now, library, random } = options;
  const cite = (count: number) => Array.from({ length: count }, () => library[Math.floor(random() * library.length)] ?? '').filter(Boolean);
  const activity: Activity[] = [];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // From the year's first day (today is left out: its working hours may not have come yet).
  for (let daysAgo = Math.min(habit.startedDaysAgo, DAYS - 1); daysAgo >= 1; daysAgo--) {
    const day = new Date(today - daysAgo * DAY_MS);
    const weekday = day.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    // Adoption grows through the year: half as likely a year ago as now.
    const chance = habit.dailyChance * (0.5 + 0.5 * (1 - daysAgo / DAYS));
    if (random() >= chance) continue;
    // Between 08:00 and 17:00 UTC, minute by minute.
    let at = day.getTime() + (8 * 60 + Math.floor(random() * 9 * 60)) * 60_000;
    const next = () => {
      at += Math.floor(2 + random() * 20) * 60_000;
      return new Date(at);
    };
    activity.push({ kind: 'signIn', at: new Date(at) });
    if (habit.readsOnly) continue;
    const questions = habit.questions.least + Math.floor(random() * (habit.questions.more + 1));
    for (let question = 0; question < questions; question++)
      activity.push({ kind: 'question', at: next(), documentIds: cite(1 + Math.floor(random() * 3)) });
    if (random() < 0.3) activity.push({ kind: 'search', at: next(), documentIds: cite(3) });
    if (random() < 0.12) activity.push({ kind: 'write', at: next(), documentIds: cite(2) });
    if (random() < 0.04) activity.push({ kind: 'review', at: next(), documentIds: cite(4) });
  }
  return activity;
}

/**
 * Adds the colleagues and the year of activity to the demo organisation, once. The four demo
 * accounts (found by e-mail in the organisation) take part too.
 */
export async function seedDemoActivity(options: {
  db: Database;
  organisationId: string;
  demoEmails: readonly string[];
  now?: Date;
}): Promise<{ people: number; events: number }> {
  const { db, organisationId } = options;
  const now = options.now ?? new Date();
  const [present] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_COLLEAGUES[0]?.email ?? ''))
    .limit(1);
  if (present) return { people: 0, events: 0 };

  return db.transaction(async (tx) => {
    const demo = await tx
      .select({ id: users.id, email: users.email, roles: users.roles })
      .from(users)
      .where(and(eq(users.organisationId, organisationId), inArray(users.email, [...options.demoEmails])))
      .orderBy(asc(users.email));
    const colleagues = [];
    for (const person of DEMO_COLLEAGUES) {
      // Colleagues have no password: they exist to be counted, and nobody can sign in as them.
      colleagues.push(await createAccount({ db: tx, organisationId, ...person, password: null, emailVerified: true }));
    }
    const library = (
      await tx
        .select({ id: documents.id })
        .from(documents)
        .where(and(isNull(documents.organisationId), eq(documents.status, 'current')))
        .orderBy(asc(documents.filename), asc(documents.id))
    ).map((row) => row.id);
    const random = randomSequence(SEED);
    let events = 0;
    const habits = [
      ...demo.map((person) => ({ person, habit: habitOf(person, -1, random) })),
      ...colleagues.map((person, index) => ({ person, habit: habitOf(person, index, random) })),
    ];
    for (const { person, habit } of habits) {
      const activity = activityOf({ habit, now, library, random });
      await recordActivity(tx, { id: person.id, organisationId }, activity);
      events += activity.length;
      const lastSignIn = activity.findLast((item) => item.kind === 'signIn');
      if (lastSignIn) await tx.update(users).set({ lastLoginAt: lastSignIn.at }).where(eq(users.id, person.id));
    }
    return { people: habits.length, events };
  });
}
