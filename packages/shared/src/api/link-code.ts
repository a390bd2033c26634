/**
 * The code an e-mailed link carries: a password reset's or an e-mail verification's code
 * (`oobCode`), or an invitation's token. The endpoints' schemas read it by this rule, and the pages
 * a link opens check it with `linkCode` before they render, without loading zod.
 */

/** The longest code a link may carry. */
export const LINK_CODE_MAX_LENGTH = 200;

/** The code as the endpoint will read it (trimmed), or null when the link's value cannot be one. */
export function linkCode(value: string | null): string | null {
  const code = value?.trim() ?? '';
  return code.length > 0 && code.length <= LINK_CODE_MAX_LENGTH ? code : null;
}
