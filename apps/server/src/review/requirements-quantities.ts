/** A figure stated in a clause, in a common unit so that figures of one kind compare. */
export interface Quantity {
  /**
   * interval: how often (months); period: how long something is kept (months); deadline: how soon
   * (hours); duration: how long something lasts or is held (minutes); age: a birthday something
   * lasts until (years); dose: mSv; voltage: volts; pressure: bar; headcount: people employed;
   * volume: cubic metres (the space a person has in a room).
   */
  kind:
    | 'temperature'
    | 'mass'
    | 'dose'
    | 'voltage'
    | 'pressure'
    | 'headcount'
    | 'interval'
    | 'period'
    | 'deadline'
    | 'duration'
    | 'age'
    | 'volume';
  value: number;
  /** Whether the figure is a floor ("at least", "or above") or a ceiling ("below", "no more than"). */
  bound: 'min' | 'max' | null;
  /** An end of a band ("between about 20 °C and 45 °C", "20–45 °C"): what lies within, not a floor or a ceiling. */
  range?: true;
  start: number;
  end: number;
}

export const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  eighteen: 18,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  ninety: 90,
};
/** A figure in digits (with thousands separators: "1,000") or in words. */
const NUMBER = `(\\d{1,3}(?:,\\d{3})+(?!\\d)|\\d+(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS).join('|')})`;
/** Volts for each unit a voltage is written in. */
const VOLTS_IN: Record<string, number> = { v: 1, kv: 1000 };
/** Bar for each unit a pressure is written in. */
const BAR_IN: Record<string, number> = { bar: 1, mbar: 0.001, kpa: 0.01, mpa: 10 };
const TIME_UNIT = '(hours?|days?|weeks?|months?|years?)';
const MONTHS_IN: Record<string, number> = { hour: 1 / 730, day: 1 / 30.4, week: 1 / 4.35, fortnight: 2 / 4.35, month: 1, year: 12 };
const HOURS_IN_MONTH = 730;
const HOURS_IN: Record<string, number> = { hour: 1, day: 24, week: 168, month: HOURS_IN_MONTH, year: 8760 };
/** Minutes for each unit a duration is written in. */
const MINUTES_IN: Record<string, number> = { second: 1 / 60, sec: 1 / 60, minute: 1, min: 1, hour: 60, day: 1440, week: 10080 };
const EVERY: Record<string, number> = {
  daily: 1 / 30.4,
  weekly: 1 / 4.35,
  fortnightly: 2 / 4.35,
  monthly: 1,
  quarterly: 3,
  annual: 12,
  annually: 12,
  yearly: 12,
  biennial: 24,
  biennially: 24,
};

const MIN_WORDS =
  /(?:at least|a minimum of|minimum|(?:not|no) (?:less|lower|colder|cooler) than|(?<!\b(?:no|not)\s)(?:more|greater|higher) than|\babove(?:\s+(?:about|around|approximately|roughly))?)\s*$/i;
const MIN_AFTER = /^\s*(?:or (?:above|more|higher|over)|minimum)/i;
const MAX_WORDS =
  /(?:below|under|(?:no|not) (?:more|higher|hotter|warmer|greater) than|a maximum of|maximum|not exceeding|less than|up to)\s*$/i;
const MAX_AFTER = /^\s*(?:or (?:below|less|lower|under)|maximum)/i;

interface Pattern {
  regex: RegExp;
  /** The figure's kind and value, and its bound when the match's own words give it ("over-seven-day"). */
  read: (match: RegExpExecArray) => (Pick<Quantity, 'kind' | 'value'> & { bound?: Quantity['bound'] }) | null;
}

const PATTERNS: Pattern[] = [
  { regex: new RegExp(`${NUMBER}\\s*°\\s*C\\b`, 'gi'), read: (m) => ({ kind: 'temperature', value: number(m[1]) }) },
  { regex: new RegExp(`${NUMBER}\\s*(?:µg|μg|micrograms?)\\b`, 'gi'), read: (m) => ({ kind: 'mass', value: number(m[1]) }) },
  { regex: new RegExp(`${NUMBER}\\s*(?:mSv|millisieverts?)\\b`, 'g'), read: (m) => ({ kind: 'dose', value: number(m[1]) }) },
  {
    // "11 cubic metres per person", "11 m³", "11m3"
    regex: new RegExp(`${NUMBER}\\s*(?:cubic\\s+met(?:re|er)s?\\b|m³|m3\\b)`, 'gi'),
    read: (m) => ({ kind: 'volume', value: number(m[1]) }),
  },
  {
    // "1,000 V a.c.", "11 kV": upper case only, as a lower-case "v" is a letter of a code ("reg 14 v").
    regex: new RegExp(`${NUMBER}\\s*(k?V)\\b`, 'g'),
    read: (m) => ({ kind: 'voltage', value: number(m[1]) * (VOLTS_IN[m[2]?.toLowerCase() ?? ''] ?? Number.NaN) }),
  },
  {
    // "600 volts", "11 kilovolts"
    regex: new RegExp(`${NUMBER}\\s+(kilo)?volts?\\b`, 'gi'),
    read: (m) => ({ kind: 'voltage', value: number(m[1]) * (m[2] ? 1000 : 1) }),
  },
  {
    // "where five or more people are employed": the number alone, so that "or more" reads as its floor.
    regex: new RegExp(`\\b${NUMBER}(?=\\s+or\\s+more\\s+(?:people|persons|employees|staff|workers)\\b)`, 'gi'),
    read: (m) => ({ kind: 'headcount', value: number(m[1]) }),
  },
  {
    // "departments that employ more than 50 staff", "where at least ten people are employed".
    regex: new RegExp(
      `\\b(more than|over|at least|fewer than|less than)\\s+${NUMBER}(?=\\s+(?:people|persons|employees|staff|workers)\\b)`,
      'gi',
    ),
    read: (m) => ({ kind: 'headcount', value: number(m[2]), bound: /fewer|less/i.test(m[1] ?? '') ? 'max' : 'min' }),
  },
  {
    // "0.5 bar above atmospheric pressure", "50 kPa"
    regex: new RegExp(`${NUMBER}\\s*(bar|mbar|kPa|MPa)\\b`, 'g'),
    read: (m) => ({ kind: 'pressure', value: number(m[1]) * (BAR_IN[m[2]?.toLowerCase() ?? ''] ?? Number.NaN) }),
  },
  {
    // "examined within the previous 12 months": the time since the last one, so an interval.
    regex: new RegExp(`\\bwithin\\s+the\\s+(?:previous|last|preceding|past)\\s+${NUMBER}\\s+${TIME_UNIT}`, 'gi'),
    read: (m) => ({ kind: 'interval', value: number(m[1]) * (MONTHS_IN[singular(m[2])] ?? Number.NaN) }),
  },
  {
    // "a declaration made not more than 12 months before it is put into service": how recent, read like "within the previous 12 months".
    regex: new RegExp(`\\b(?:not|no)\\s+more\\s+than\\s+${NUMBER}\\s+${TIME_UNIT}\\s+(?:before|earlier|previously)\\b`, 'gi'),
    read: (m) => ({ kind: 'interval', value: number(m[1]) * (MONTHS_IN[singular(m[2])] ?? Number.NaN) }),
  },
  {
    // "within 30 days", "within 10 calendar days"; working days are not calendar time and are left out.
    regex: new RegExp(`\\bwithin\\s+${NUMBER}\\s+(?:calendar\\s+|clear\\s+)?${TIME_UNIT}`, 'gi'),
    read: (m) => ({ kind: 'deadline', value: number(m[1]) * (HOURS_IN[singular(m[2])] ?? Number.NaN) }),
  },
  {
    // "at intervals of no more than 12 months", "at intervals not exceeding 14 months": the longest
    // gap allowed, read whole so that its "no more than" is not taken for the figure's bound.
    regex: new RegExp(
      `\\bintervals?\\s+(?:of\\s+)?(?:(?:no|not)\\s+(?:more|longer|greater)\\s+than\\s+|not\\s+exceeding\\s+|up\\s+to\\s+|a\\s+maximum\\s+of\\s+|at\\s+most\\s+)?${NUMBER}\\s+${TIME_UNIT}`,
      'gi',
    ),
    read: (m) => ({ kind: 'interval', value: number(m[1]) * (MONTHS_IN[singular(m[2])] ?? Number.NaN) }),
  },
  {
    // "every two to three years": the longest gap it allows.
    regex: new RegExp(`\\bevery\\s+${NUMBER}\\s*(?:to|-|–)\\s*${NUMBER}\\s+${TIME_UNIT}`, 'gi'),
    read: (m) => ({ kind: 'interval', value: number(m[2]) * (MONTHS_IN[singular(m[3])] ?? Number.NaN) }),
  },
  {
    // "every other year": every second one.
    regex: /\bevery\s+(?:other|second)\s+(year|month|week|day)\b/gi,
    read: (m) => ({ kind: 'interval', value: 2 * (MONTHS_IN[m[1]?.toLowerCase() ?? ''] ?? Number.NaN) }),
  },
  {
    regex: new RegExp(`\\bevery\\s+${NUMBER}\\s+${TIME_UNIT}`, 'gi'),
    read: (m) => ({ kind: 'interval', value: number(m[1]) * (MONTHS_IN[singular(m[2])] ?? Number.NaN) }),
  },
  {
    regex: new RegExp(`\\b${NUMBER}[-\\s]${TIME_UNIT}\\s+cycle`, 'gi'),
    read: (m) => ({ kind: 'interval', value: number(m[1]) * (MONTHS_IN[singular(m[2])] ?? Number.NaN) }),
  },
  {
    regex: new RegExp(`\\b${NUMBER}-(monthly|yearly|weekly)\\b`, 'gi'),
    read: (m) => ({ kind: 'interval', value: number(m[1]) * (EVERY[m[2]?.toLowerCase() ?? ''] ?? Number.NaN) }),
  },
  {
    regex:
      /\b(?:(?<!-)(daily|weekly|fortnightly|monthly|quarterly|annual(?:ly)?|yearly|biennial(?:ly)?)|(?:every|each|once a) (year|month|fortnight|week|day))\b/gi,
    read: (m) => ({
      kind: 'interval',
      value: m[1] ? (EVERY[m[1].toLowerCase()] ?? Number.NaN) : (MONTHS_IN[m[2]?.toLowerCase() ?? ''] ?? Number.NaN),
    }),
  },
  {
    regex: new RegExp(
      // "kept for 5 years", "keeps its logbooks for 3 years", "kept for a very long period (40 years"
      `\\b(?:kept|retained|keeps?|retains?|held)\\s+(?:(?:[A-Za-z-]+\\s+){0,4}?for\\s+)?(?:a\\s+(?:[a-z]+\\s+){0,2}period\\s*\\(\\s*)?(?:at least\\s+|a minimum of\\s+)?${NUMBER}\\s+${TIME_UNIT}`,
      'gi',
    ),
    read: (m) => ({ kind: 'period', value: number(m[1]) * (MONTHS_IN[singular(m[2])] ?? Number.NaN) }),
  },
  {
    // "held for at least 10 minutes", "off work for more than three consecutive days": how long a
    // thing lasts. After the retention pattern, so "kept for 3 days" stays a period; the figure
    // alone, so that "at least" and "more than" before it read as its bound.
    regex: new RegExp(
      `(?<=\\bfor\\s+(?:(?:at\\s+least|a\\s+minimum\\s+of|(?:no|not)\\s+(?:more|less)\\s+than|more\\s+than|less\\s+than|up\\s+to)\\s+)?)${NUMBER}\\s+(?:consecutive\\s+)?(seconds?|secs?|minutes?|mins?|hours?|days?|weeks?)\\b`,
      'gi',
    ),
    read: (m) => ({ kind: 'duration', value: number(m[1]) * (MINUTES_IN[singular(m[2])] ?? Number.NaN) }),
  },
  {
    // "over-seven-day injuries": a threshold of how long something lasts, the figure alone.
    regex: new RegExp(`(?<=\\bover-)${NUMBER}(?=-days?\\b)`, 'gi'),
    read: (m) => ({ kind: 'duration', value: number(m[1]) * (MINUTES_IN.day ?? Number.NaN), bound: 'min' }),
  },
  {
    // "until the patient's 25th birthday"
    regex: /\b(\d{1,3})(?:st|nd|rd|th)\s+birthday\b/gi,
    read: (m) => ({ kind: 'age', value: number(m[1]) }),
  },
];

/** The figures a clause states; `bareAs` reads a bare "2 years" (a table cell) as that kind. */
export function quantitiesIn(text: string, bareAs: 'interval' | 'period' | null = null): Quantity[] {
  const found: Quantity[] = [];
  const patterns = bareAs ? [...PATTERNS, barePattern(bareAs)] : PATTERNS;
  // The characters an earlier figure covers: an overlap is seen in the match's own length, not by
  // comparing with every figure found (which made a text of many figures quadratic).
  const taken = new Uint8Array(text.length);
  for (const { regex, read } of patterns) {
    for (const match of text.matchAll(regex)) {
      const reading = read(match as RegExpExecArray);
      const start = match.index ?? 0;
      const end = start + match[0].length;
      if (!reading || !Number.isFinite(reading.value)) continue;
      if (taken.subarray(start, end).includes(1)) continue;
      taken.fill(1, start, end);
      found.push({ kind: reading.kind, value: reading.value, bound: reading.bound ?? boundOf(text, start, end), start, end });
    }
  }
  found.sort((a, b) => a.start - b.start);
  markRanges(text, found);
  return found;
}

/** Words opening a band before its first figure: "between about" ("from … to …" is as often a change: "reduced from weekly to monthly"). */
const RANGE_OPEN = /\bbetween\s+(?:about\s+|around\s+|approximately\s+|roughly\s+)?$/i;
/** What joins a band's two figures: "and", "to", a dash. */
const RANGE_JOIN = /^\s*(?:and|to|[–-])\s*$/i;
/** A figure whose unit is said once for both ends: "20–45 °C", "20 to 45 °C". */
const RANGE_START = /\d\s*(?:[–-]|\s+to\s+)\s*$/;
/** How far before a figure a band's opening words are looked for. */
const RANGE_REACH = 30;

/** Marks the figures that are the ends of a band, in a list sorted by position. */
function markRanges(text: string, found: Quantity[]): void {
  found.forEach((quantity, at) => {
    const next = found[at + 1];
    if (
      next?.kind === quantity.kind &&
      RANGE_JOIN.test(text.slice(quantity.end, next.start)) &&
      RANGE_OPEN.test(text.slice(Math.max(0, quantity.start - RANGE_REACH), quantity.start))
    ) {
      quantity.range = true;
      next.range = true;
    }
    if (RANGE_START.test(text.slice(Math.max(0, quantity.start - RANGE_REACH), quantity.start))) quantity.range = true;
  });
}

function barePattern(kind: 'interval' | 'period'): Pattern {
  return {
    regex: new RegExp(`\\b${NUMBER}\\s+${TIME_UNIT}`, 'gi'),
    read: (m) => ({ kind, value: number(m[1]) * (MONTHS_IN[singular(m[2])] ?? Number.NaN) }),
  };
}

function boundOf(text: string, start: number, end: number): Quantity['bound'] {
  const before = text.slice(Math.max(0, start - 30), start);
  const after = text.slice(end, end + 20);
  if (MIN_WORDS.test(before) || MIN_AFTER.test(after)) return 'min';
  if (MAX_WORDS.test(before) || MAX_AFTER.test(after)) return 'max';
  return null;
}

function number(text: string | undefined): number {
  if (!text) return Number.NaN;
  return NUMBER_WORDS[text.toLowerCase()] ?? Number.parseFloat(text.replace(/,/g, ''));
}

function singular(unit: string | undefined): string {
  return (unit ?? '').toLowerCase().replace(/s$/, '');
}

/** A readable figure: "6 months", "2 years", "72 hours", "60 °C". */
export function describe(quantity: Quantity): string {
  if (quantity.kind === 'temperature') return `${quantity.value} °C`;
  if (quantity.kind === 'mass') return `${quantity.value} µg`;
  if (quantity.kind === 'dose') return `${quantity.value} mSv`;
  if (quantity.kind === 'volume') return `${quantity.value} cubic metres`;
  if (quantity.kind === 'voltage') return `${quantity.value.toLocaleString('en-GB')} V`;
  if (quantity.kind === 'pressure') return `${quantity.value} bar`;
  if (quantity.kind === 'headcount') return `${quantity.value} or more people employed`;
  if (quantity.kind === 'age') return `the ${ordinal(quantity.value)} birthday`;
  if (quantity.kind === 'duration') return minutesAsText(quantity.value);
  if (quantity.kind === 'deadline' && quantity.value % HOURS_IN_MONTH === 0) {
    const months = quantity.value / HOURS_IN_MONTH;
    return months === 1 ? 'one month' : `${months} months`;
  }
  if (quantity.kind === 'deadline')
    return quantity.value % 24 === 0 && quantity.value > 72 ? `${quantity.value / 24} days` : `${round(quantity.value)} hours`;
  const months = quantity.value;
  if (months >= 12 && months % 12 === 0) return months === 12 ? '12 months' : `${months / 12} years`;
  // Under a week in days: "daily" is "every day", not "every 0.1 weeks".
  const [figure, unit] =
    months >= 1 ? [round(months), 'month'] : months * 4.35 >= 1 ? [round(months * 4.35), 'week'] : [round((months * 365) / 12), 'day'];
  return `${figure} ${unit}${figure === 1 ? '' : 's'}`;
}

/** "25th", "21st", "22nd", "13th". */
function ordinal(value: number): string {
  const teen = value % 100 >= 11 && value % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[value % 10] ?? 'th');
  return `${value}${suffix}`;
}

/** A duration in the largest whole unit: "7 days", "3 hours", "10 minutes", "30 seconds". */
function minutesAsText(minutes: number): string {
  const units: [string, number][] = [
    ['day', 1440],
    ['hour', 60],
    ['minute', 1],
  ];
  for (const [unit, size] of units) {
    if (minutes >= size && minutes % size === 0) {
      const count = minutes / size;
      return `${count} ${unit}${count === 1 ? '' : 's'}`;
    }
  }
  const seconds = round(minutes * 60);
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
