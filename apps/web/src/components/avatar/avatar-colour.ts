/**
 * Background colours for initials avatars. Each keeps white text above WCAG AA contrast (4.5:1).
 */
export const AVATAR_COLOURS = [
  '#1e5763', // teal
  '#1d4ed8', // blue
  '#6d28d9', // violet
  '#a21caf', // fuchsia
  '#be123c', // rose
  '#b45309', // amber (dark)
  '#047857', // emerald
  '#0e7490', // cyan
  '#4338ca', // indigo
  '#475569', // slate
] as const;

/** Initials of first name and surname ('Ada', 'Lovelace' → 'AL'); '?' when both are empty. */
export function initialsOf(firstname: string | null | undefined, surname: string | null | undefined): string {
  const first = firstname?.trim().charAt(0) ?? '';
  const last = surname?.trim().charAt(0) ?? '';
  const initials = `${first}${last}`.toLocaleUpperCase('en-GB');
  return initials || '?';
}

/** The same initials always get the same colour (a small string hash, not random). */
export function avatarColour(initials: string): string {
  let hash = 0;
  for (const char of initials) {
    hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  }
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length] as string;
}
