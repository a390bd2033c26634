import { onFirstUse } from './on-first-use';

const NUMBER = onFirstUse(() => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }));

/**
 * A figure as the product writes it (the dashboard's, its charts'): en-GB, at most one decimal.
 * Whole numbers, nearly all of them, are grouped here without Intl (lib/format-date.ts says why).
 */
export function formatNumber(value: number): string {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return NUMBER().format(value);
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return value < 0 ? `-${grouped}` : grouped;
}
