/**
 * Questions outside the library's scope however many of its words they share: another country's
 * rules, and the subjects the library holds nothing on — employment pay, pensions and tax, and how
 * to work office software. The library's documents are the UK's health, safety, estates and care
 * law and guidance.
 *
 * A place outside the United Kingdom a question is about ("a hospital in ohio", "the UAE fire code",
 * "out in Dubai"): the library holds the law and guidance of the UK's nations only, so what another
 * country's rules expect is out of its scope, however many of the question's other words (fire,
 * hospital, standards) it holds. Read from a gazetteer of countries, US states, Canadian provinces,
 * Australian states and large cities abroad; names that are also places in the UK ("Perth",
 * "Durham", "Birmingham", "Washington", "Boston", "Denmark Hill"), people's first names or English
 * words ("Jordan", "Georgia", "Sydney", "Virginia", "Chad", "Victoria", "Jersey", "turkey", "china",
 * "guinea", "Iceland" the shop) are left out, and so is Ireland (Northern Ireland is a nation of the
 * library's).
 */

const COUNTRIES =
  'afghanistan albania algeria andorra angola argentina armenia australia austria azerbaijan bahamas bahrain bangladesh ' +
  'barbados belarus belgium belize benin bhutan bolivia bosnia botswana brazil brunei bulgaria burundi cambodia cameroon ' +
  'canada chile colombia congo croatia cuba cyprus czechia djibouti dominican ecuador egypt eritrea estonia ' +
  'eswatini ethiopia fiji finland france gabon gambia germany ghana greece grenada guatemala guyana haiti honduras ' +
  'hungary india indonesia iran iraq israel italy jamaica japan kazakhstan kenya kiribati kosovo kuwait kyrgyzstan ' +
  'laos latvia lebanon lesotho liberia libya liechtenstein lithuania luxembourg madagascar malawi malaysia maldives mali ' +
  'malta mauritania mauritius mexico moldova monaco mongolia montenegro morocco mozambique myanmar namibia nauru nepal ' +
  'netherlands nicaragua niger nigeria norway oman pakistan palau palestine panama paraguay peru philippines poland ' +
  'portugal qatar romania russia rwanda samoa senegal serbia seychelles singapore slovakia slovenia somalia spain ' +
  'sudan suriname sweden switzerland syria taiwan tajikistan tanzania thailand togo tonga tunisia turkmenistan ' +
  'tuvalu uganda ukraine uruguay uzbekistan vanuatu venezuela vietnam yemen zambia zimbabwe';

const MULTI_WORD =
  'united states|united arab emirates|saudi arabia|south africa|new zealand|south korea|north korea|sri lanka|costa rica|' +
  'el salvador|czech republic|hong kong|republic of ireland|new south wales|south australia|western australia|' +
  'british columbia|nova scotia|new brunswick|new york|new jersey|new mexico|new hampshire|north carolina|south carolina|' +
  'north dakota|south dakota|west virginia|rhode island|los angeles|san francisco|abu dhabi|kuala lumpur|rio de janeiro|' +
  'buenos aires|tel aviv|cape town';

const STATES_AND_CITIES =
  'alabama alaska arizona arkansas california colorado connecticut delaware florida hawaii idaho illinois indiana iowa ' +
  'kansas kentucky louisiana maryland massachusetts michigan minnesota mississippi missouri montana nebraska nevada ohio ' +
  'oklahoma oregon pennsylvania tennessee texas utah vermont wisconsin wyoming ontario quebec manitoba ' +
  'saskatchewan queensland tasmania dubai doha riyadh jeddah mumbai delhi bangalore karachi lagos nairobi johannesburg ' +
  'toronto vancouver montreal brisbane auckland tokyo beijing shanghai seoul bangkok jakarta manila ' +
  'paris berlin madrid rome amsterdam brussels vienna zurich geneva stockholm oslo copenhagen helsinki warsaw ' +
  'prague budapest lisbon athens istanbul moscow cairo chicago seattle miami atlanta';

/** Cities abroad that are also first names or words: a place only after "in" ("a private hospital in Sydney"). */
const AFTER_IN = /\bin\s+(?:sydney|paris|milan|dallas|houston|alberta|virginia|georgia|jordan)\b/i;
/** A country's adjective before its rules: "which Australian standard", "the American code", "German law". */
const COUNTRY_RULES =
  /\b(?:american|australian|canadian|french|german|spanish|italian|dutch|belgian|swiss|swedish|norwegian|danish|indian|chinese|japanese|emirati|saudi|qatari|singaporean|new zealand)\s+(?:\S+\s+){0,2}?(?:standards?|codes?|rules|law|laws|regulations?|guidance|requirements|legislation)\b/i;

/** Abbreviations of countries written in capitals ("the UAE fire code", "US hospitals", "a USA trust"). */
const ABBREVIATED = /\b(?:UAE|USA|U\.S\.A?\.?|US(?=\s+(?:hospitals?|standards?|rules?|law|regulations?|states?|federal|based)\b)|KSA)\b/;

const NAMES = new RegExp(`\\b(?:${MULTI_WORD}|${[COUNTRIES, STATES_AND_CITIES].join(' ').split(' ').join('|')})\\b`, 'gi');

/**
 * Words before a place that make it where someone or something comes from or went, not whose rules
 * apply: "nurses recruited from India", "a steriliser made in Germany", "back from holiday in Spain".
 */
const ONLY_PASSING =
  /\b(?:from|holidays?|travel(?:led|ed|ling)?|trips?|visit(?:ed|ing)?|returned|back|flew|flights?|imported|bought|made|manufactured|sourced|suppliers?|born|trained|qualified|recruited|moved)\b(?:\s+\S+){0,3}\s*$/i;

/** Characters of a question read for a place: enough for any question, bounded for untrusted text. */
const MAX_CHARACTERS = 1000;

/** Characters before a place read for what it is to the question. */
const BEFORE = 40;

/** The place outside the UK whose rules a question asks about, in lower case, or null. */
export function abroadOf(text: string): string | null {
  const read = text.slice(0, MAX_CHARACTERS);
  const named = [ABBREVIATED, AFTER_IN, COUNTRY_RULES].map((pattern) => pattern.exec(read)).filter((match) => match !== null);
  const places = [...named, ...read.matchAll(NAMES)];
  const place = places.find((match) => !ONLY_PASSING.test(read.slice(Math.max(0, match.index - BEFORE), match.index)));
  return place ? place[0].toLowerCase() : null;
}

/**
 * Employment pay, pensions and tax: "statutory sick pay", "the national minimum wage", "the
 * Agenda for Change pay scale", "corporation tax", "reclaim the VAT". A charge to staff ("take the
 * cost out of their wages") is a matter of the PPE rules the library holds, so bare "wages" and
 * "pay" are not read.
 */
const PAY_AND_TAX =
  /\b(?:statutory sick pay|sick pay|maternity pay|paternity (?:pay|leave)|holiday pay|pay (?:rates?|scales?|awards?|rises?)|payroll|salary scales?|minimum wage|living wage|pensions?|auto[- ]?enrol\w*|income tax|corporation tax|national insurance|tax (?:year|code|relief|return)|capital allowances?|investment allowance|agenda for change)\b/i;
/** The organisation's accounts and property taxes: "stamp duty", "business rates", "IFRS 16", "benefit in kind", "redundancy pay". */
const FINANCE =
  /\b(?:stamp duty|business rates|rates relief|IFRS\s*\d*|balance sheet|benefit in kind|redundancy pay|book (?:my |some )?(?:annual )?leave|rostering system)\b/i;
/** Value added tax, in capitals: "a vat of disinfectant" is not it. */
const VAT = /\bVAT\b/;
/** How to do something in office software: "how do I set up a recurring Teams meeting", "how do I get Excel to …". */
const SOFTWARE_HOW_TO =
  /\bhow (?:do|can|would|should) (?:i|we|you)\b[^?]{0,80}\b(?:teams|excel|outlook|sharepoint|zoom|powerpoint|google)\b/i;

/**
 * A medicine's dose or a clinical reading: "max dose of lorazepam", "the usual starting dose of
 * melatonin", "what INR range", "a normal blood sugar reading", "the best flu jab". A radiation dose
 * ("dose limit", "dose to the lens", "effective dose") is the library's, so only a dose said as a
 * prescriber says it is read.
 */
const MEDICINES =
  /\b(?:(?:max(?:imum)?|starting|usual|recommended|paediatric|pediatric|adult|daily|safe)\s+(?:daily\s+)?dose\s+(?:of|for)\b(?!\s+(?:radiation|ionising|ionizing|x-?rays?|exposure)\b)|INR (?:range|target)|blood (?:sugar|glucose|pressure) (?:readings?|range|levels?|targets?)|(?:flu|covid) (?:jab|vaccine)s?\b(?=.{0,60}\b(?:best|which|better)\b))/i;
/**
 * A request for writing, ideas or recommendations the library holds nothing on: "write me a short
 * leaving speech", "a poem for the newsletter", "suggest some team building activities", "any good
 * icebreaker ideas", "recommend a good podcast", "a recipe for …".
 */
const CREATIVE =
  /\b(?:write (?:me |us )?(?:a|an|some) (?:\S+ ){0,2}?(?:poem|speech|advert|story|toast|limerick|slogan|tagline)|(?:suggest|come up with|recommend) (?:me |us )?(?:some|a|an|any)? ?(?:\S+ ){0,3}?(?:names|podcasts?|books?|activities|games|ideas for (?:a|an|the|our) (?:party|away day|social))|icebreakers?|team[- ]building|recipes?\b|google reviews)\b/i;
/**
 * Which product or supplier to buy, set against another or "best value": "surface or macbook, which
 * is better value?", "which make of ride on mower is best value", "…, which is more reliable?", "the
 * cheapest way to get six of us to Harrogate". A plain "which is better" is left alone: "wet or dry
 * riser, which is better?" asks what the guidance prefers.
 */
const BUYING =
  /\b(?:which (?:make|brand|model) of|(?:better|best) value|cheapest way to (?:get|travel)|,\s*which (?:is|are) (?:more reliable|cheaper))\b/i;
/** Bodies that regulate outside the library's UK health, safety and care remit or outside the UK: "OSHA", "NFPA 101", "HIQA", "DIN", "Ofsted". */
const OTHER_REGULATORS = /\b(?:OSHA|NFPA|HIQA|DIN|Ofsted|Joint Commission|JCI)\b/;

/** What puts a question outside the library's scope: what kind of matter it is, and the words that say so. */
export interface Outside {
  kind: 'abroad' | 'pay and tax' | 'software' | 'medicines' | 'writing' | 'buying' | 'regulator';
  said: string;
}

/** What puts a question outside the library's scope, or null: a place abroad or a subject the library does not hold. */
export function outsideOf(text: string): Outside | null {
  const place = abroadOf(text);
  if (place) return { kind: 'abroad', said: place };
  const read = text.slice(0, MAX_CHARACTERS);
  const pay = PAY_AND_TAX.exec(read) ?? VAT.exec(read) ?? FINANCE.exec(read);
  if (pay) return { kind: 'pay and tax', said: pay[0].toLowerCase() };
  const kinds: [Outside['kind'], RegExp][] = [
    ['software', SOFTWARE_HOW_TO],
    ['medicines', MEDICINES],
    ['writing', CREATIVE],
    ['buying', BUYING],
    ['regulator', OTHER_REGULATORS],
  ];
  for (const [kind, pattern] of kinds) {
    const found = pattern.exec(read);
    if (found) return { kind, said: found[0].toLowerCase() };
  }
  return null;
}

/** A sentence telling the asker why the library does not answer a question outside its scope. */
export function outsideSentence(outside: Outside): string {
  const what = {
    abroad: "another country's rules",
    'pay and tax': 'employment pay, pensions, tax or the accounts',
    software: 'how to use office software',
    medicines: 'medicines and clinical treatment',
    writing: 'writing or ideas the library has no guidance on',
    buying: 'which product or supplier to buy',
    regulator: 'a regulator whose rules the library does not hold',
  }[outside.kind];
  return `This question is about ${what}, which the library does not cover: it holds the health, safety, estates and care law and guidance of the UK's nations.`;
}
