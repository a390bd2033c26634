import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAIL_DIR = fileURLToPath(new URL('../.artifacts/mail', import.meta.url));

interface StoredMail {
  to: string[];
  raw: string;
}

/** Decode quoted-printable soft breaks and escapes well enough to read links out of a message. */
function decode(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Wait for the newest message to `address` whose text contains `contains`, and return its links. */
export async function waitForMailLinks(address: string, contains: string, timeoutMs = 15_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = readdirSync(MAIL_DIR)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = JSON.parse(readFileSync(join(MAIL_DIR, file), 'utf8')) as StoredMail;
      const text = decode(mail.raw);
      if (mail.to.includes(address.toLowerCase()) && text.includes(contains)) {
        return [...new Set(text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [])];
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${address} containing "${contains}"`);
}
