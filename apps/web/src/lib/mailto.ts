/** A mailto: link that opens a draft with this subject and body (one line per entry), safely encoded. */
export function mailtoHref(address: string, subject: string, bodyLines: readonly string[]): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(bodyLines.join('\n'))}`;
}
