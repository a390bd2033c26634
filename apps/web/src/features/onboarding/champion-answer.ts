import type { OrganisationUser } from '@verity/shared';

/**
 * The dashboard module's question: who was the organisation's most active person over the last
 * 30 days? Checked against the dashboard's own figures (GET dashboard/organisation/users?days=30):
 * the most tasks, then the most sign-ins; people level on both are all right answers. A name is
 * accepted as the full name, the first name, the surname or the e-mail address, in any case and
 * spacing.
 */

export type ChampionVerdict =
  | { kind: 'right'; names: string[] }
  | { kind: 'wrong' }
  /** Nobody used the tools in the period, so there is no one to find. */
  | { kind: 'nobody' };

const normalise = (text: string | null) =>
  (text ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}@.]+/gu, ' ')
    .trim();

function fullName(user: OrganisationUser['user']): string {
  return [user.firstname, user.surname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** The people level at the top. */
export function mostActive(users: readonly OrganisationUser[]): OrganisationUser[] {
  const score = (entry: OrganisationUser) => [entry.tasks, entry.session_history.session_count] as const;
  let best: readonly [number, number] = [0, 0];
  for (const entry of users) {
    const [tasks, sessions] = score(entry);
    if (tasks > best[0] || (tasks === best[0] && sessions > best[1])) best = [tasks, sessions];
  }
  if (best[0] === 0 && best[1] === 0) return [];
  return users.filter((entry) => score(entry)[0] === best[0] && score(entry)[1] === best[1]);
}

export function judgeChampionAnswer(answer: string, users: readonly OrganisationUser[]): ChampionVerdict {
  const top = mostActive(users);
  if (top.length === 0) return { kind: 'nobody' };
  const given = normalise(answer);
  const right = top.some(({ user }) =>
    [fullName(user), user.firstname, user.surname, user.email].some((name) => normalise(name) !== '' && normalise(name) === given),
  );
  return right ? { kind: 'right', names: top.map(({ user }) => fullName(user) || user.email) } : { kind: 'wrong' };
}
