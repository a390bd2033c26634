import type { OrganisationUser } from '@verity/shared';
import { describe, expect, it } from 'vitest';
import { judgeChampionAnswer, mostActive } from './champion-answer';

function member(firstname: string, surname: string, tasks: number, sessions: number): OrganisationUser {
  return {
    user: {
      user_id: `${firstname}-${surname}`,
      firstname,
      surname,
      email: `${firstname}.${surname}@example.nhs.uk`.toLowerCase(),
      job_title: null,
      account_roles: ['standard'],
      deactivated: false,
    },
    session_history: { sessions: [], session_count: sessions, last_login: null, activity_level: 'low' },
    tasks,
  };
}

const team = [member('Priya', 'Shah', 12, 3), member('Tom', 'Okoro', 30, 2), member('Ana', 'Silva', 30, 1), member('Sam', 'Lee', 0, 0)];

describe('the most active person of the last 30 days', () => {
  it('is the one with the most tasks, then the most sign-ins', () => {
    expect(mostActive(team).map((entry) => entry.user.firstname)).toEqual(['Tom']);
  });

  it('accepts everyone level at the top', () => {
    const level = [member('Tom', 'Okoro', 30, 2), member('Ana', 'Silva', 30, 2)];
    expect(mostActive(level)).toHaveLength(2);
    expect(judgeChampionAnswer('Ana Silva', level).kind).toBe('right');
    expect(judgeChampionAnswer('tom okoro', level).kind).toBe('right');
  });

  it('accepts the full name, the first name, the surname or the e-mail, in any case and spacing', () => {
    for (const answer of ['Tom Okoro', '  tom   OKORO ', 'Tom', 'okoro', 'tom.okoro@example.nhs.uk']) {
      expect(judgeChampionAnswer(answer, team)).toEqual({ kind: 'right', names: ['Tom Okoro'] });
    }
  });

  it('refuses anyone else', () => {
    expect(judgeChampionAnswer('Priya Shah', team)).toEqual({ kind: 'wrong' });
    expect(judgeChampionAnswer('Ana Silva', team)).toEqual({ kind: 'wrong' });
    expect(judgeChampionAnswer('Tom Smith', team)).toEqual({ kind: 'wrong' });
  });

  it('has no one to find when nobody used the tools', () => {
    expect(judgeChampionAnswer('Sam Lee', [member('Sam', 'Lee', 0, 0)])).toEqual({ kind: 'nobody' });
    expect(judgeChampionAnswer('anyone', [])).toEqual({ kind: 'nobody' });
  });
});
