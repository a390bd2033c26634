const QUERY_VALUE = /([?&][^=&#]*=)([^&#]*)/g;
/** Page numbers, sizes and flags say nothing about a person and help read the log. */
const HARMLESS_VALUE = /^(?:\d{1,9}|true|false)$/;

/**
 * Request URLs go to the log with every query value that is not a number or a flag redacted:
 * query strings carry search terms, one-time codes, tokens, SSO payloads and redirect targets.
 */
export function redactUrl(url: string): string {
  return url.replace(QUERY_VALUE, (whole, name: string, value: string) => (HARMLESS_VALUE.test(value) ? whole : `${name}[redacted]`));
}
