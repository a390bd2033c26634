const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** dd/mm/yyyy in the user's time zone; empty when the timestamp is not a date. */
export function formatNotificationDate(timestamp: string): string {
  const time = Date.parse(timestamp);
  return Number.isNaN(time) ? '' : DATE_FORMAT.format(time);
}
