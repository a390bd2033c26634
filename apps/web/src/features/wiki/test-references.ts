import type { DocumentReference } from '@verity/shared';

let next = 0;

/** A document reference for tests; the id is a valid 26-character document id. */
export function buildReference(
  overrides: Partial<DocumentReference> & { tags?: Partial<DocumentReference['tags']> } = {},
): DocumentReference {
  next += 1;
  const { tags, ...rest } = overrides;
  return {
    short_id: `01J${String(next).padStart(23, '0')}`,
    code: `DOC ${next}`,
    title: `Document ${next}`,
    status: 'current',
    edition: '2020',
    ...rest,
    tags: { category: 'Guidance', domain: 'HTM', subdomain: 'HTM 06 Electrical services', ...tags },
  };
}
