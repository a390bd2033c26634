import type { WriteAction } from '@verity/shared';
import { formatMeetingDate } from './format';

/** How decisions and actions are named on the page: `action-3` → "Action 3". */
export function itemName(item: string): string {
  const [kind, number] = item.split('-');
  return `${kind === 'decision' ? 'Decision' : 'Action'} ${number ?? ''}`.trim();
}

/** "14 March 2026 (“by Friday”)", or the words alone when they resolve to no date. */
export function dueText(action: Pick<WriteAction, 'due' | 'due_said'>): string | null {
  const said = action.due_said ? `“${action.due_said}”` : null;
  if (!action.due) return said;
  return said ? `${formatMeetingDate(action.due)} (${said})` : formatMeetingDate(action.due);
}
