/** The wiki reader with the cited elements highlighted (SPEC §5: one element_ids parameter per element). */
export function wikiCitationPath(citation: { document_id: string; element_ids: readonly string[] }): string {
  const query = new URLSearchParams();
  for (const id of citation.element_ids) query.append('element_ids', id);
  const text = query.toString();
  return `/wiki/${encodeURIComponent(citation.document_id)}${text ? `?${text}` : ''}`;
}
