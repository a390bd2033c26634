import { Fragment, type ReactNode } from 'react';

/** Words a line must not break inside: "e-mail" would otherwise wrap after its hyphen. */
const UNBREAKABLE = /(e-mail)/i;

/**
 * A heading's text with "e-mail" kept on one line (a nowrap span, so the text and its accessible
 * name stay the plain words: a non-breaking hyphen would change what is searched and read).
 */
export function withUnbrokenWords(text: string): ReactNode {
  const parts = text.split(UNBREAKABLE);
  if (parts.length === 1) return text;
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never reorder.
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above.
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}
