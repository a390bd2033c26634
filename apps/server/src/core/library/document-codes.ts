/**
 * Document codes as people write them: "HTM 06-01", "htm 6-1" and "HTM0601" are one code, and
 * "L8", "COSHH" or "reg 12" name part of one.
 */
import { type SQL, sql } from 'drizzle-orm';

/** A query of up to four letter/digit groups may be part of a code ("reg 12", "HTM 04-01 Part"); a longer one is a question, which names a code in full. */
const CODE_QUERY_MAX_TOKENS = 4;

/** Letter and digit groups, lower-case, leading zeros of number groups stripped ("HTM 06-01" → htm 6 1). */
export function codeGroups(value: string): string[] {
  const groups = value.toLowerCase().match(/[a-z]+|[0-9]+/g) ?? [];
  return groups.map((group) => (/^[0-9]+$/.test(group) ? String(Number.parseInt(group, 10)) : group));
}

/** codeGroups() with "regulation" spelt "reg", as the codes write it. */
function codeTokens(value: string): string[] {
  return codeGroups(value).map((group) => (group === 'regulation' ? 'reg' : group));
}

/** Letters and digits only, lower-case, "regulation" spelt "reg" (leading zeros kept: "HTM0601" = "HTM 06-01"). */
export function compact(value: string): string {
  return value
    .toLowerCase()
    .replace(/regulation/g, 'reg')
    .replace(/[^a-z0-9]/g, '');
}

function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  for (let start = 0; start + needle.length <= haystack.length; start++) {
    if (needle.every((token, i) => haystack[start + i] === token)) return true;
  }
  return false;
}

/** A code's forms as codeMatch compares them, kept per code: a search scores every ranked document's code. */
const CODE_FORMS_KEPT = 10_000;
const codeForms = new Map<string, { tokens: string[]; joined: string; compacted: string; numbered: boolean }>();

function formsOfCode(code: string) {
  let forms = codeForms.get(code);
  if (!forms) {
    const tokens = codeTokens(code);
    forms = { tokens, joined: tokens.join(' '), compacted: compact(code), numbered: tokens.some((token) => /^[0-9]+$/.test(token)) };
    if (codeForms.size >= CODE_FORMS_KEPT) codeForms.clear();
    codeForms.set(code, forms);
  }
  return forms;
}

/**
 * How well a query names a document code: 2 for the code itself, however written ("htm 6-1",
 * "HTM0601"); 1 when the query is a run of the code's groups ("L8" in "ACoP L8", "COSHH" in
 * "COSHH 2002", "reg 12" in "CQC Reg 12"), or when a code with a number appears within a longer
 * query ("Which edition of HTM 07-01 is current?"); 0 otherwise. The query's forms are worked out
 * once, for scoring many codes.
 */
export function codeMatcher(query: string): (code: string) => 0 | 1 | 2 {
  const queryTokens = codeTokens(query);
  if (queryTokens.length === 0) return () => 0;
  const queryJoined = queryTokens.join(' ');
  const queryCompacted = compact(query);
  return (code) => {
    const { tokens, joined, compacted, numbered } = formsOfCode(code);
    if (queryCompacted === compacted || queryJoined === joined) return 2;
    if (queryTokens.length <= CODE_QUERY_MAX_TOKENS && containsRun(tokens, queryTokens)) return 1;
    if (tokens.length >= 2 && numbered && containsRun(queryTokens, tokens)) return 1;
    return 0;
  };
}

/** codeMatcher for one code. */
export function codeMatch(query: string, code: string): 0 | 1 | 2 {
  return codeMatcher(query)(code);
}

/** The forms of a query that code_compact and code_tokens are compared with, or null for a query with no letter or digit. */
function codeQuery(q: string): { compacted: string; joined: string; short: boolean } | null {
  const tokens = codeTokens(q);
  if (tokens.length === 0) return null;
  return { compacted: compact(q), joined: ` ${tokens.join(' ')} `, short: tokens.length <= CODE_QUERY_MAX_TOKENS };
}

/**
 * codeCandidate() over a document's code_compact and code_tokens as read from the database (search
 * postings held in memory, search/postings.ts): the same conditions, evaluated in application code.
 */
export function codeCandidateTest(q: string): (codeCompact: string, codeTokens: string) => boolean {
  const forms = codeQuery(q);
  if (!forms) return () => false;
  const { compacted, joined, short } = forms;
  const words = new Set(joined.split(' '));
  // code_tokens holds letters, digits and spaces only, so `like '%…%'` is a plain substring test.
  // Space-padded tokens lie within the query's only if their first token is one of the query's:
  // that set lookup comes first, so a long question is not scanned once for every code held.
  return (codeCompact, tokensOfCode) => {
    if (codeCompact === compacted || tokensOfCode === joined) return true;
    const firstEnds = tokensOfCode.startsWith(' ') ? tokensOfCode.indexOf(' ', 1) : -1;
    if ((firstEnds < 0 || words.has(tokensOfCode.slice(1, firstEnds))) && joined.includes(tokensOfCode)) return true;
    return short && tokensOfCode.includes(joined);
  };
}

/**
 * Documents (alias d) whose code the query may name (a superset of codeMatch() > 0), from the
 * code_tokens and code_compact columns the database keeps beside each code.
 */
export function codeCandidate(q: string): SQL {
  const forms = codeQuery(q);
  if (!forms) return sql`false`;
  const { compacted, joined, short } = forms;
  const conditions = [sql`d.code_compact = ${compacted}`, sql`d.code_tokens = ${joined}`, sql`${joined} like '%' || d.code_tokens || '%'`];
  if (short) conditions.push(sql`d.code_tokens like ${`%${joined}%`}`);
  return sql`(${sql.join(conditions, sql` or `)})`;
}
