import type { DocumentReference } from '@verity/shared';
import { compareText } from '../../lib/compare-text';

function compareReferences(a: DocumentReference, b: DocumentReference): number {
  if (a.status !== b.status) return a.status === 'current' ? -1 : 1;
  return compareText(a.code, b.code) || compareText(a.title, b.title);
}

/** Current editions before superseded ones, then by code in natural order (HTM 02 before HTM 10). */
export function sortReferences(references: readonly DocumentReference[]): DocumentReference[] {
  return [...references].sort(compareReferences);
}
