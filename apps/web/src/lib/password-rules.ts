import { PASSWORD_MIN_LENGTH } from '@verity/shared';

/** Shown under every "new password" field so people learn the rules before they break them. */
export const PASSWORD_RULES_HINT = `Use at least ${PASSWORD_MIN_LENGTH} characters and avoid common passwords. A few unrelated words make a strong password that is easy to remember.`;
