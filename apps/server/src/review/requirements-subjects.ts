/**
 * The subject of a statement as a set of word stems, so that "stored hot water" and "hot water
 * storage", or "passenger lifts" and "lifts carrying people", are seen to be about the same thing.
 * Comparatives and "exceeding" are left out: they belong to a figure's bound ("no hotter than"), not its subject.
 */
const STOP = new Set(
  `a an the and or of to in on at by for with from as is are be been being was were this that these those it its
  which who whom whose than then so such each every any all per least most more less no not nor only also
  must never should shall may can will would could might has have had do does done there their they them we our us
  where when while until after before within between into over under above below about minimum maximum
  trust trust's policy typically usually normally generally including include includes e.g i.e via set out
  hour hours day days week weeks month months year years annual annually monthly weekly daily quarterly yearly interval intervals
  one two three four five six seven eight nine ten eleven twelve fourteen twenty thirty sixty once twice time times
  hotter colder warmer cooler higher lower greater exceed exceeds exceeding whichever later earlier unless
  msv millisievert millisieverts fortnight fortnights fortnightly biennial biennially`.split(/\s+/),
);

/** Words that name the same thing in different ways (general usage). */
const SAME: Record<string, string> = {
  passenger: 'people',
  passengers: 'people',
  kept: 'retain',
  keep: 'retain',
  retained: 'retain',
  retention: 'retain',
  held: 'retain',
  // What is kept of something is a record of it: "copies of RIDDOR reports" are RIDDOR records.
  copy: 'record',
  copies: 'record',
  // A log is a record kept as things happen: "temperature log sheets" are temperature records.
  log: 'record',
  logs: 'record',
  logbook: 'record',
  logbooks: 'record',
  // A verb's irregular forms are the verb: "is told" is "must tell".
  told: 'tell',
  sent: 'send',
  // A machine's other name, and the other spelling.
  elevator: 'lift',
  elevators: 'lift',
  autoclave: 'sterilizer',
  autoclaves: 'sterilizer',
  steriliser: 'sterilizer',
  sterilisers: 'sterilizer',
};

/**
 * Phrases that name in several words, or in other words, what a word of the library names
 * (general usage): a room or a tap nobody uses is a little-used outlet's, something "written down"
 * is recorded, a person's request for their own records is a subject access request, and a hot
 * water cylinder is a calorifier.
 */
const SAME_PHRASE: [RegExp, string][] = [
  [
    /\b(?:(?:little|infrequently|seldom|rarely|irregularly|occasionally)[- ]used|not (?:regularly|frequently|often) used|not used (?:regularly|often|frequently)|not in (?:regular )?use|unused|unoccupied)\b/gi,
    ' seldom-used ',
  ],
  [/\b(?:written|wrote|writes?|noted|set) down\b|\bput in writing\b/gi, ' recorded '],
  // What measurements and tests leave are their records ("air monitoring results", "temperature readings").
  [/\b(?:results|readings)\b(?!\s+in\b)/gi, ' records '],
  [/\b(?:repl(?:y|ies|ied)|respond(?:s|ed)?|responses?)\b/gi, ' answer '],
  [
    /\brequests?\b(?![^.;:]{0,40}?\b(?:police|courts?|solicitors?|insurers?|third part))(?=[^.;:]{0,60}?\b(?:their own|his own|her own|of themselves|about themselves|their (?:personal )?(?:data|information|records|notes)\b|for (?:copies|a copy|access to|sight of)\b))/gi,
    ' subject access request ',
  ],
  [/\b(?:hot water (?:storage )?(?:cylinders?|tanks?|vessels?)|(?:stored )?water heaters?)\b/gi, ' calorifier '],
];

/**
 * Kinds of thing the library names by their class: a tap, a shower or a basin is an outlet; a fume
 * cupboard, a downdraught bench or exhaust extraction is local exhaust ventilation.
 */
const KINDS: [RegExp, string][] = [
  [/\b(?:taps?|showers?|basins?|sinks?|baths?|bidets?)\b/i, 'outlet'],
  [
    /\b(?:fume cupboards?|downdraught (?:bench|benches|tables?)|(?:exhaust|dust|fume|tailpipe|on-tool) extraction|extraction (?:hoods?|hoses?|arms?)|capture hoods?|extracted workstations?|spray booths?)\b/i,
    'local exhaust ventilation',
  ],
];

const SUFFIXES = ['ations', 'ation', 'ings', 'ing', 'ally', 'edly', 'ed', 'es', 'age', 'ly', 's', 'e'];

export function stem(word: string): string {
  let stemmed = SAME[word] ?? word;
  for (const suffix of SUFFIXES) {
    if (stemmed.length - suffix.length >= 3 && stemmed.endsWith(suffix)) {
      stemmed = stemmed.slice(0, -suffix.length);
      break;
    }
  }
  return stemmed.slice(0, 5);
}

/**
 * Examples in brackets ("(including fume cupboards and extracted workstations)", "(e.g. …)") and
 * lists in brackets ("(date, time and place, person involved, …)"): they illustrate or itemise the
 * subject rather than name it.
 */
const EXAMPLES =
  /\((?:including|includes|e\.g\.|eg|for example|for instance|such as|especially|particularly|excluding)\b[^()]*\)|\([^()]*,[^()]*,[^()]*\)/gi;

/**
 * The stems of a text's content words. A bracket with a figure (a citation) or of examples says nothing of the
 * subject; a role title before its qualifier counts as its abbreviation ("Authorising Engineer
 * (MGPS)" as "AE(MGPS)"), and two-letter abbreviations count as words.
 */
export function subjectOf(text: string): Set<string> {
  const words = text
    .replace(/\([^()]*\d[^()]*\)/g, ' ')
    .replace(EXAMPLES, ' ')
    .replace(/\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+(?=\s*\()/g, (title) => title.replace(/([A-Z])[a-z]+\s*/g, '$1'))
    .split(/[^A-Za-z']+/)
    .map((word) => (/^[A-Z]{2}$/.test(word) ? word.toLowerCase() : word.toLowerCase().replace(/'s$|'/g, '')))
    .filter((word) => (word.length >= 3 || /^[a-z]{2}$/.test(word)) && !STOP.has(word));
  return new Set(words.map(stem));
}

/**
 * The subject of a figure's words (subjectOf), with the things the library names by their class or
 * in other words read as the library names them: "showers in unoccupied bedrooms" are about
 * seldom-used outlets, as "little-used outlets" are. Figures only: a passage read for a duty's
 * force compares what is said of a thing, where "taken out of use" is not "seldom used".
 */
export function figureSubjectOf(text: string): Set<string> {
  const subject = subjectOf(SAME_PHRASE.reduce((said, [phrase, same]) => said.replace(phrase, same), text));
  for (const [kind, name] of KINDS) if (kind.test(text)) for (const word of subjectOf(name)) subject.add(word);
  return subject;
}

/** The stems of a title's words, read plainly (no abbreviation rules): what a document is about. */
export function titleStems(title: string): Set<string> {
  const words = title.toLowerCase().split(/[^a-z]+/);
  return new Set(words.filter((word) => word.length >= 3 && !STOP.has(word)).map(stem));
}

/** Stems of what is done (examine, test, audit) rather than what it is done to. */
export const ACTIVITIES = new Set([
  'thoro',
  'exami',
  'test',
  'inspe',
  'check',
  'revie',
  'audit',
  'verif',
  'maint',
  'carri',
  'monit',
  'compe',
]);

/**
 * How much of the library's subject the policy's subject covers, and how many stems they share.
 * Sharing only what is done ("thoroughly examined") says nothing of the object, so it counts as none.
 * `implied` holds words the policy's context supplies without the sentence saying them.
 */
export function overlap(library: Set<string>, policy: Set<string>, implied?: Set<string>): { shared: number; score: number } {
  const common = [...library].filter((word) => policy.has(word) || implied?.has(word));
  const shared = common.some((word) => !ACTIVITIES.has(word)) ? common.length : 0;
  return { shared, score: library.size === 0 ? 0 : shared / library.size };
}

/** Stems of doing the work on the thing itself, and of overseeing it (reporting, reviewing, auditing). */
const HANDS_ON = new Set(['thoro', 'exami', 'test', 'inspe', 'check', 'verif', 'maint', 'servi', 'flush', 'clean', 'sampl']);
const OVERSIGHT = new Set(['repor', 'revie', 'audit', 'prese']);

/** Whether a stem says what is done (examined, serviced, audited) rather than what it is done to. */
export const isDoing = (word: string): boolean => ACTIVITIES.has(word) || HANDS_ON.has(word) || OVERSIGHT.has(word);

/**
 * Whether two figures' activities (the words next to each figure) are of different kinds: how
 * often something is checked is not how often the checks are reported to a committee.
 */
export function differentActivities(library: Set<string>, policy: Set<string>): boolean {
  const kinds = (subject: Set<string>) => ({
    handsOn: [...subject].some((word) => HANDS_ON.has(word)),
    oversight: [...subject].some((word) => OVERSIGHT.has(word)),
  });
  const [ofLibrary, ofPolicy] = [kinds(library), kinds(policy)];
  const onlyHandsOn = (kind: typeof ofLibrary) => kind.handsOn && !kind.oversight;
  const onlyOversight = (kind: typeof ofLibrary) => kind.oversight && !kind.handsOn;
  return (onlyHandsOn(ofLibrary) && onlyOversight(ofPolicy)) || (onlyOversight(ofLibrary) && onlyHandsOn(ofPolicy));
}

/** The activity words right next to a figure ("are reported quarterly", "checked monthly"): a few words either side. */
export function activityNear(clause: string, start: number, end: number): Set<string> {
  const before = clause
    .slice(Math.max(0, start - 40), start)
    .split(/\s+/)
    .slice(-4);
  const after = clause
    .slice(end, end + 25)
    .split(/\s+/)
    .slice(0, 3);
  return new Set(
    [...before, ...after]
      .map((word) => stem(word.toLowerCase().replace(/[^a-z]/g, '')))
      .filter((word) => HANDS_ON.has(word) || OVERSIGHT.has(word)),
  );
}
