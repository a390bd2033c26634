import { fileURLToPath } from 'node:url';
import { loadCorpus, successorCodes } from '@verity/corpus';
import type { WriteFindings } from '@verity/shared';
import type { LibraryCode } from '../write/types.ts';
import type { PredictedMeeting } from './write-score.ts';

/** The minutes evaluation's development set, in shared/ beside the project checkout. */
export const WRITE_DEV_SET_PATH = fileURLToPath(new URL('../../../../../shared/eval/write-dev', import.meta.url));

/** The seed library's codes, as the engine's reference detector reads them (the file name stands in for a stored id). */
export function libraryCodes(): LibraryCode[] {
  return loadCorpus().map(({ meta }) => ({
    id: meta.filename,
    code: meta.code,
    title: meta.title,
    status: meta.status,
    edition: meta.edition,
    supersededBy: successorCodes(meta)[0] ?? null,
    supersedes: meta.supersedes,
  }));
}

/** Findings as the set's predictions file holds them (score.py's format, plus the reference codes). */
export function predictionOf(id: string, findings: WriteFindings): PredictedMeeting {
  return {
    id,
    attendees: findings.attendees,
    apologies: findings.apologies,
    decisions: findings.decisions.map((decision) => ({ text: decision.text })),
    actions: findings.actions.map((action) => ({ owner: action.owner, action: action.action, due: action.due })),
    references: findings.references.map((reference) => reference.code),
  };
}
