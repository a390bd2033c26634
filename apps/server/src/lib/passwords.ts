import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { COMMON_PASSWORDS } from './common-passwords.ts';

// scrypt with N=2^15, r=8, p=1 (OWASP's minimum for scrypt); parameters are stored with the hash
// so they can be raised later without invalidating existing passwords.
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const MAX_MEMORY = 128 * N * R * 2;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEMORY * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$');
  if (parts?.length !== 6 || parts[0] !== 'scrypt') {
    // Spend the same time as a real check so a missing account is not told apart by timing.
    await derive(password, randomBytes(16), N, R, P);
    return false;
  }
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Why a password is too weak, or null when it is acceptable. Length is checked by the shared
 * schema; this catches the long-but-guessable ones.
 */
export function passwordWeakness(password: string, context: readonly string[] = []): string | null {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'This password is too common. Please choose another.';
  if (/^(.)\1+$/.test(password)) return 'Please do not use one repeated character.';
  if (isSequence(lower)) return 'Please do not use a simple sequence of characters.';
  const words = context.map((w) => w.toLowerCase().trim()).filter((w) => w.length >= 4);
  if (words.some((w) => lower.includes(w) && lower.replace(w, '').replace(/[^a-z]/g, '').length < 4)) {
    return 'Please do not base your password on your name or e-mail address.';
  }
  return null;
}

function isSequence(value: string): boolean {
  const rows = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiopasdfghjklzxcvbnm', '09876543210'];
  return rows.some((row) => row.includes(value) || row.repeat(3).includes(value));
}
