import type { DocumentReference } from '@verity/shared';
import { onFirstUse } from '../../lib/on-first-use';

const collator = onFirstUse(() => new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' }));

function compareReferences(a: DocumentReference, b: DocumentReference): number {
  if (a.status !== b.status) return a.status === 'current' ? -1 : 1;
  return collator().compare(a.code, b.code) || collator().compare(a.title, b.title);
}

/** Current editions before superseded ones, then by code in natural order (HTM 02 before HTM 10). */
export function sortReferences(references: readonly DocumentReference[]): DocumentReference[] {
  return [...references].sort(compareReferences);
}
