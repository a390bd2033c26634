/** What every engine does to text it sends a provider: counts it against a budget, and neutralises untrusted text placed inside its prompt blocks. */

/** A rough token count (about four characters a token in English), for budgets only. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * Untrusted text made safe to place inside a source block: an opening angle bracket that starts
 * something tag-like ("</source>", "<sources>", "<system>", "< /source >") becomes "‹", so no text
 * can close or open a block, while "<20°C" and "< 5 ppm" read as they did; citation markers
 * become "(n)" so a passage cannot point at a source; private-use characters are removed.
 */
export function neutralise(text: string): string {
  return text
    .replace(/[\uE000-\uF8FF]/g, '')
    .replace(/<(?=\s*[/!?]|\s*[A-Za-z])/g, '‹')
    .replace(/\[(\d{1,3})\]/g, '($1)');
}
