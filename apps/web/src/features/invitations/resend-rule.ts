/** SPEC §4: a failed verification offers a new link when its message says the link expired, was used or is invalid. */
export function offersResend(message: string): boolean {
  return /expired|already been used|invalid/i.test(message);
}
