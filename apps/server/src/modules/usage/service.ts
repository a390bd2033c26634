import type { Citation } from '@verity/shared';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect.ts';
import { documents, usageEvents } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

export type UsageEventRow = typeof usageEvents.$inferSelect;

/** The tools whose use the dashboard counts as tasks by tool: chat, write, review and wiki search. */
export type UsageTool = 'chat' | 'write' | 'review' | 'wiki';

/** What happened; docs/usage-events.md says when each is recorded. */
export type UsageKind = 'question_asked';

/**
 * Record one usage event for the champion dashboard and reports. The subdomains touched are
 * those of the given library documents as the organisation sees them (external documents and its
 * own internal ones; anything else is dropped, so an event never names another organisation's
 * document), plus any given directly. Lists are stored de-duplicated and sorted.
 */
export async function recordUsageEvent(options: {
  db: Database;
  organisationId: string;
  userId: string | null;
  tool: UsageTool;
  kind: UsageKind;
  documentIds?: readonly string[];
  subdomains?: readonly string[];
}): Promise<UsageEventRow> {
  const { db, organisationId } = options;
  const requested = distinct(options.documentIds ?? []);
  const visible =
    requested.length === 0
      ? []
      : await db
          .select({ id: documents.id, subdomain: documents.subdomain })
          .from(documents)
          .where(and(inArray(documents.id, requested), or(isNull(documents.organisationId), eq(documents.organisationId, organisationId))));
  const [row] = await db
    .insert(usageEvents)
    .values({
      id: newId(),
      organisationId,
      userId: options.userId,
      tool: options.tool,
      kind: options.kind,
      documentIds: distinct(visible.map((document) => document.id)),
      subdomains: distinct([...visible.map((document) => document.subdomain), ...(options.subdomains ?? [])]),
    })
    .returning();
  if (!row) throw new Error('usage event insert returned nothing');
  return row;
}

/**
 * A chat question was answered: one `chat` / `question_asked` event with the library documents
 * the answer cited (attached files are not library documents) and their subdomains. Usage is
 * bookkeeping, so a failure is logged (ids only, never question or document text) and swallowed:
 * it must never break the answer the user is reading.
 */
export async function recordChatQuestion(options: {
  db: Database;
  organisationId: string;
  userId: string;
  citations: readonly Citation[];
  log: FastifyBaseLogger;
}): Promise<void> {
  const { db, organisationId, userId, citations, log } = options;
  const documentIds = citations.filter((citation) => citation.source === 'library').map((citation) => citation.document_id);
  try {
    await recordUsageEvent({ db, organisationId, userId, tool: 'chat', kind: 'question_asked', documentIds });
  } catch (error) {
    // The failed query's parameters are ids and subdomain names only.
    log.error({ err: error, organisationId, userId }, 'chat usage event could not be recorded');
  }
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)].sort();
}
