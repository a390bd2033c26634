import { onFirstUse } from './on-first-use';

const NUMBER = onFirstUse(() => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }));

/**
 * A figure as the product writes it (the dashboard's, its charts'): en-GB, grouped in thousands,
 * at most one decimal, a half rounded away from zero. Written here without Intl for every finite
 * figure a page shows (lib/format-date.ts says why); the rest (NaN, infinities, and figures
 * JavaScript writes with an exponent: from 10^21, or under a millionth) go to Intl.
 * Rounding works on the shortest decimal that names the number, as Intl does: 0.15 is "0.2".
 */
export function formatNumber(value: number): string {
  const decimal = String(Math.abs(value));
  if (!Number.isFinite(value) || decimal.includes('e')) return NUMBER().format(value);
  const [whole = '0', fraction = ''] = decimal.split('.');
  let units = BigInt(whole) * 10n + BigInt(fraction[0] ?? '0');
  if ((fraction[1] ?? '0') >= '5') units += 1n;
  const tenths = units % 10n;
  const text = `${grouped(String(units / 10n))}${tenths === 0n ? '' : `.${tenths}`}`;
  // Intl keeps the sign of what rounds to nothing: -0.04 is "-0".
  return value < 0 || Object.is(value, -0) ? `-${text}` : text;
}

function grouped(digits: string): string {
  let text = digits.slice(0, digits.length % 3 || 3);
  for (let at = text.length; at < digits.length; at += 3) text += `,${digits.slice(at, at + 3)}`;
  return text;
}
