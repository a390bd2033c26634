const NUMBER = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** A figure as the product writes it (the dashboard's, its charts'): en-GB, at most one decimal. */
export function formatNumber(value: number): string {
  return NUMBER.format(value);
}
