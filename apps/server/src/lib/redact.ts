const SECRET_PARAMS = /([?&](?:token|oobCode|sig|sso|code|redirect)=)[^&#]*/gi;

/** Request URLs go to the log without one-time codes, tokens or SSO payloads. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}
