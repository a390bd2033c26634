import { dashboardEndpoints } from '@verity/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { api } from '../../lib/api-client';
import { judgeChampionAnswer } from './champion-answer';

const PERIOD_DAYS = '30';

/** The dashboard module's last step: name the most active person of the last 30 days. */
export function ChampionQuestion({ onRight }: { onRight: () => void }) {
  const [answer, setAnswer] = useState('');
  const [checking, setChecking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const trimmed = answer.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    setChecking(true);
    setMessage(null);
    try {
      const { users } = await api(dashboardEndpoints.users, { query: { days: PERIOD_DAYS } }, { background: true });
      const verdict = judgeChampionAnswer(trimmed, users);
      if (verdict.kind === 'wrong') {
        setMessage('Not quite. With the period set to 30 days, sort the users table by Tasks: the name at the top is the one.');
        return;
      }
      onRight();
    } catch {
      setMessage('The dashboard’s figures could not be loaded. Check your connection and submit again.');
    } finally {
      setChecking(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-2">
      <TextField
        label="Most active person (last 30 days)"
        name="champion"
        value={answer}
        onChange={(event) => {
          setAnswer(event.target.value);
          setMessage(null);
        }}
        autoComplete="off"
        required
        error={message ?? undefined}
      />
      <div>
        <Button type="submit" size="sm" disabled={!trimmed} loading={checking}>
          Submit
        </Button>
      </div>
    </form>
  );
}
