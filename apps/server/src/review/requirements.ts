import { quoteAt } from './locate.ts';
import { claimFindings } from './requirements-claims.ts';
import { colourFindings } from './requirements-colours.ts';
import { countFindings } from './requirements-counts.ts';
import { cycleFindings } from './requirements-cycles.ts';
import { dutyFindings } from './requirements-duties.ts';
import { prohibitionFindings } from './requirements-prohibitions.ts';
import { describe, type Quantity } from './requirements-quantities.ts';
import { type LibraryStatement, libraryStatements, policyStatements, type Statement } from './requirements-statements.ts';
import { overlap } from './requirements-subjects.ts';
import { reliedDocuments } from './roles-sources.ts';
import type { Citation, LibraryDocument, Policy, ReviewFindingDraft, ReviewLibrary } from './types.ts';

/**
 * How closely a library statement's subject must match the policy's to be about the same thing.
 * Intervals and periods are stated for many activities, so they need more words in common than
 * temperatures, amounts and deadlines.
 */
const MIN_SHARED: Record<Quantity['kind'], number> = { interval: 3, period: 3, temperature: 2, mass: 2, dose: 3, deadline: 2 };
const MIN_SCORE = 0.6;
/** Library statements within this much of the best match count as equally relevant. */
const NEAR_BEST = 0.15;

/** Stated figures and rules that contradict what the library states. */
export function requirementFindings(policy: Policy, citations: Citation[], library: ReviewLibrary): ReviewFindingDraft[] {
  const documents = sourceDocuments(policy, citations, library);
  const statements = documents.flatMap(libraryStatements);
  const findings = [
    ...prohibitionFindings(policy, documents),
    ...claimFindings(policy, documents),
    ...colourFindings(policy, documents),
    ...dutyFindings(policy, documents),
    ...countFindings(policy, documents),
    ...cycleFindings(policy, documents),
  ];
  const located = new Set(findings.map((finding) => locationKey(finding.location)));
  const contradictionOf = memoisedContradiction(statements);
  let checked = 0;
  for (const element of policy.elements) {
    const stated = policyStatements(element);
    const figures = figuresOf(stated);
    for (const said of stated) {
      if (++checked > MAX_STATEMENTS_CHECKED) return findings;
      const contradicted = contradictionOf(said);
      if (!contradicted) continue;
      // When the passage also states the library's figure, the two figures are about different things.
      // A figure of its own part of the same sentence ("monthly … and yearly …") is about another thing.
      const same = figures.get(figureKey(contradicted.quantity));
      const alsoStated =
        same !== undefined && (!said.sentence || same.clauses.has(said.clause) || same.count > (same.bySentence.get(said.sentence) ?? 0));
      if (alsoStated) continue;
      const { location, quote } = quoteAt(element, said.offset, said.offset + said.clause.length);
      if (located.has(locationKey(location))) continue;
      located.add(locationKey(location));
      findings.push(finding(location, quote, contradicted));
    }
  }
  return findings;
}

/** The most policy figures compared with the library: far more than any real policy states. */
const MAX_STATEMENTS_CHECKED = 5_000;

const locationKey = (location: ReviewFindingDraft['location']) => (location ? `${location.element}:${location.start}` : '');

/** A figure as a key: its kind and value (to a millionth), so that the same figure said twice is one key. */
const figureKey = (quantity: Quantity) => `${quantity.kind}:${Math.round(quantity.value * 1e6)}`;

interface Figures {
  count: number;
  clauses: Set<string>;
  bySentence: Map<string, number>;
}

/** An element's statements by figure: how many, in which clauses and sentences, so each check is one look-up. */
function figuresOf(stated: readonly Statement[]): Map<string, Figures> {
  const figures = new Map<string, Figures>();
  for (const statement of stated) {
    const key = figureKey(statement.quantity);
    let entry = figures.get(key);
    if (!entry) {
      entry = { count: 0, clauses: new Set(), bySentence: new Map() };
      figures.set(key, entry);
    }
    entry.count++;
    entry.clauses.add(statement.clause);
    if (statement.sentence !== undefined) entry.bySentence.set(statement.sentence, (entry.bySentence.get(statement.sentence) ?? 0) + 1);
  }
  return figures;
}

/** contradiction() remembered for each figure and subject met: a policy that repeats a sentence compares it once. */
function memoisedContradiction(statements: LibraryStatement[]): (said: Statement) => LibraryStatement | null {
  const seen = new Map<string, LibraryStatement | null>();
  return (said) => {
    const key = `${said.quantity.kind}:${said.quantity.value}:${said.quantity.bound ?? ''}:${[...said.subject].sort().join(' ')}`;
    if (!seen.has(key)) seen.set(key, contradiction(said, statements));
    return seen.get(key) ?? null;
  };
}

/** The documents the policy relies on and the others of their subdomains. */
function sourceDocuments(policy: Policy, citations: Citation[], library: ReviewLibrary): LibraryDocument[] {
  const relied = reliedDocuments(policy, citations, library);
  const subdomains = new Set(relied.map((document) => `${document.domain}/${document.subdomain}`));
  return library.documents.filter(
    (document) => document.status === 'current' && subdomains.has(`${document.domain}/${document.subdomain}`),
  );
}

/**
 * The library statement a policy figure contradicts: the statements of the same kind most
 * clearly about the same subject all set a stricter figure, and none of them agrees.
 */
function contradiction(said: Statement, statements: LibraryStatement[]): LibraryStatement | null {
  const matches = statements
    .filter((statement) => statement.quantity.kind === said.quantity.kind)
    .map((statement) => ({ statement, ...overlap(statement.subject, said.subject) }))
    .filter((match) => match.shared >= MIN_SHARED[said.quantity.kind] && match.score >= MIN_SCORE);
  if (matches.length === 0) return null;
  const best = Math.max(...matches.map((match) => match.score));
  const relevant = matches.filter((match) => match.score >= best - NEAR_BEST);
  if (!relevant.every((match) => weaker(said.quantity, match.statement.quantity))) return null;
  return relevant.sort((a, b) => b.score - a.score)[0]?.statement ?? null;
}

/** Whether the policy's figure is less strict than the library's. */
function weaker(policy: Quantity, library: Quantity): boolean {
  if (policy.value === library.value) return false;
  switch (policy.kind) {
    case 'interval':
    case 'deadline':
    case 'dose': // a dose figure is a limit or a constraint: a higher one protects less
      return policy.value > library.value;
    case 'period':
      return policy.value < library.value;
    default: {
      const bound = library.bound ?? policy.bound;
      if (bound === 'min') return policy.value < library.value;
      if (bound === 'max') return policy.value > library.value;
      return false;
    }
  }
}

function finding(location: ReviewFindingDraft['location'], quote: string, source: LibraryStatement): ReviewFindingDraft {
  const passage = source.context ? `${source.context}: ${source.clause}` : source.clause;
  const code = source.document.code;
  const { required, figure } = requirement(source.quantity);
  return {
    category: 'factual_error',
    severity: 'high',
    location,
    quote,
    expected: `${figure} (${code})`,
    explanation: `The policy says "${quote}", but ${code} requires ${required}: "${passage}".`,
    suggestion: `Change the figure to ${figure}, as ${code} requires.`,
    evidence: [{ documentId: source.document.id, code, elementIds: [source.element.id] }],
  };
}

/**
 * A library figure as a requirement ("records to be kept for at least 3 years", "action within
 * 72 hours") and as the figure to write ("at least 3 years", "within 72 hours").
 */
function requirement(quantity: Quantity): { required: string; figure: string } {
  const value = describe(quantity);
  switch (quantity.kind) {
    case 'interval': {
      const figure = `at least every ${value.replace(/^1 /, '')}`;
      return { required: figure, figure };
    }
    case 'period':
      return { required: `records to be kept for at least ${value}`, figure: `at least ${value}` };
    case 'deadline':
      return { required: `action within ${value}`, figure: `within ${value}` };
    default: {
      const figure = quantity.bound === 'min' ? `at least ${value}` : quantity.bound === 'max' ? `no more than ${value}` : value;
      return { required: figure, figure };
    }
  }
}
