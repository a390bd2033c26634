import type { Database } from '../db/connect.ts';
import { newId } from '../lib/ids.ts';
import { recordEvents } from '../core/events/service.ts';
import type { NewEvent } from '../core/events/types.ts';

/** One backdated use of a tool or sign-in, by a user of an organisation. */
export type Activity =
  | { kind: 'signIn'; at: Date }
  | { kind: 'question'; at: Date; documentIds?: string[] }
  | { kind: 'write'; at: Date; documentIds?: string[] }
  | { kind: 'review'; at: Date; documentIds?: string[] }
  | { kind: 'search'; at: Date; documentIds?: string[] };

/**
 * Records a user's past activity through the events service (typed events, documents checked
 * against what the organisation may see), at the times given: the demo organisation's history
 * and the dashboard's tests.
 */
export async function recordActivity(
  db: Database,
  user: { id: string; organisationId: string },
  activity: readonly Activity[],
): Promise<void> {
  await recordEvents(
    db,
    activity.map((item) => eventOf(user, item)),
  );
}

function eventOf(user: { id: string; organisationId: string }, item: Activity): NewEvent & { at: Date } {
  const scope = { organisationId: user.organisationId, actorUserId: user.id, at: item.at };
  if (item.kind === 'signIn')
    return { ...scope, kind: 'auth.signed_in', subject: { type: 'user', id: user.id }, data: { method: 'password' } };
  const documentIds = item.documentIds ?? [];
  if (item.kind === 'question')
    return { ...scope, kind: 'chat.question_asked', subject: { type: 'chat_session', id: newId() }, data: {}, documentIds };
  if (item.kind === 'search') {
    return {
      ...scope,
      kind: 'documents.searched',
      subject: { type: 'user', id: user.id },
      data: { results: documentIds.length, filtered: false },
      documentIds,
    };
  }
  if (item.kind === 'write') {
    return {
      ...scope,
      kind: 'write.generated',
      subject: { type: 'write_document', id: newId() },
      data: { kind: 'minutes', engine: 'builtin', lines: 40, attendees: 5, decisions: 2, actions: 3, references: documentIds.length },
      documentIds,
    };
  }
  return {
    ...scope,
    kind: 'review.completed',
    subject: { type: 'review', id: newId() },
    data: { engine: 'builtin', format: 'docx', elements: 60, pages: 8, findings: 5, version: false },
    documentIds,
  };
}
