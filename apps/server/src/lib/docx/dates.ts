// Records are read by UK inspectors and staff, so their dates are UK dates (GMT, or BST in summer)
// whatever the server's time zone.
const TIME_ZONE = 'Europe/London';

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** "22 November 2026 at 09:05 GMT". */
export function formatDateTime(date: Date): string {
  return dateTimeFormat.format(date);
}

/** The UK date as YYYY-MM-DD. */
export function isoDate(date: Date): string {
  const parts = dayFormat.formatToParts(date);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
