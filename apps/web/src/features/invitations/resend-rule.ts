/** SPEC §4: a failed verification offers a new link when its message says the link expired, was used or is invalid. */
export function offersResend(message: string): boolean {
  return /expired|already been used|invalid/i.test(message);
}

/** The server's refusal of a link whose invitation was accepted (its message says 'already been used'). */
export function saysAlreadyUsed(message: string): boolean {
  return /already been used/i.test(message);
}
