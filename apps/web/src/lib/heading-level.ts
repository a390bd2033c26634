/** The heading levels a document's sections render at (the page's title is its only h1). */
export type HeadingLevel = 2 | 3 | 4;

/**
 * A heading's path holds the headings above it, not itself, so a top-level section heading has an
 * empty path and renders as h2 (the title is the page's only h1). Deeper headings stop at h4 so
 * the outline stays readable. Used by the library reader and the review's policy view.
 */
export function headingLevel(element: { heading_path: readonly string[] }): HeadingLevel {
  const depth = element.heading_path.length + 2;
  if (depth <= 2) return 2;
  if (depth === 3) return 3;
  return 4;
}
