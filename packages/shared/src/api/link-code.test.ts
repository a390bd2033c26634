import { describe, expect, it } from 'vitest';
import { resetPasswordSchema, verifyEmailSchema } from './account.ts';
import { verifyInvitationQuerySchema } from './invitations.ts';
import { LINK_CODE_MAX_LENGTH, linkCode } from './link-code.ts';

const values = [
  null,
  '',
  '   ',
  'a',
  ' code-with-spaces-around ',
  'Zm9vYmFy_-',
  'x'.repeat(LINK_CODE_MAX_LENGTH),
  ` ${'x'.repeat(LINK_CODE_MAX_LENGTH)} `,
  'x'.repeat(LINK_CODE_MAX_LENGTH + 1),
];

describe('linkCode: the rule the pages a link opens check before they render', () => {
  it('reads every value as the reset, verification and invitation endpoints do', () => {
    for (const value of values) {
      const verify = verifyEmailSchema.safeParse({ oobCode: value ?? '' });
      const reset = resetPasswordSchema.safeParse({ oobCode: value ?? '', newPassword: 'a long enough password' });
      const invitation = verifyInvitationQuerySchema.safeParse({ token: value ?? '' });
      expect(linkCode(value), String(value)).toBe(verify.success ? verify.data.oobCode : null);
      expect(linkCode(value), String(value)).toBe(reset.success ? reset.data.oobCode : null);
      expect(linkCode(value), String(value)).toBe(invitation.success ? invitation.data.token : null);
    }
  });

  it('refuses a missing, blank or over-long value and trims the rest', () => {
    expect(linkCode(null)).toBeNull();
    expect(linkCode('  ')).toBeNull();
    expect(linkCode('x'.repeat(LINK_CODE_MAX_LENGTH + 1))).toBeNull();
    expect(linkCode(' abc ')).toBe('abc');
  });
});
