import { reliedDocuments } from './roles-sources.ts';
import { subjectOf } from './requirements-subjects.ts';
import { libraryExpansion } from './terms-acronyms.ts';
import { inHealthcare, inNhsBody, inPrimaryCare, inPublicBody, inSocialCare } from './setting.ts';
import { type RequiredRole, requiredRoles, singleServiceHeads } from './roles-library.ts';
import { policyNames } from './roles-naming.ts';
import { isLegislation, subjectPassages, topicalDocuments } from './roles-topic.ts';
import type { Citation, FindingEvidence, LibraryDocument, Policy, ReviewFindingDraft, ReviewLibrary } from './types.ts';

/**
 * The statutory and HTM roles the policy's topic requires that it never names: the roles of the
 * documents that govern its topic, and the roles a law it relies on requires of every organisation
 * in its own right (not through a guidance document).
 */
export function roleFindings(policy: Policy, citations: Citation[], library: ReviewLibrary): ReviewFindingDraft[] {
  const text = policy.elements.map((element) => element.text).join('\n');
  const relied = reliedDocuments(policy, citations, library);
  const cited = citationCounts(citations, library);
  // Where the policy's title names a subject no document is written for, a law stands for its
  // roles only when the policy cites it twice or speaks of its subject in three passages.
  const onSubject = subjectPassages(policy);
  const topical = topicalDocuments(policy, relied, (document) => (cited.get(document) ?? 0) >= 2 || onSubject(document) >= 3);
  // A law outside the topic that the policy cites once, in passing, does not make its roles the policy's business.
  const laws = relied.filter((document) => isLegislation(document) && !topical.includes(document) && (cited.get(document) ?? 0) >= 2);
  // A law outside the policy's topic adds only its core roles, not every role its duties name.
  const lawRoles = requiredRoles(laws, library).filter((role) => !role.viaGuidance && role.basis === 'core');
  // A role the library gives for healthcare premises, or for NHS bodies, only is not required of
  // others; nor are the posts and groups of hospital estates guidance required of a care provider.
  const healthcare = inHealthcare(policy);
  const nhs = inNhsBody(policy);
  // Hospital estates guidance's posts and groups, and those general guidance gives for healthcare
  // premises after it ("Water Safety Group (healthcare)"), are not required of a care home or a practice.
  const smallSetting = inSocialCare(policy) || inPrimaryCare(policy);
  // A role the law makes mandatory for public authorities is asked of anyone else only by a policy
  // whose title is on that law's subject (a data protection policy asks for the DPO; a staff
  // supervision policy that mentions records does not): whether their processing meets the law's
  // other conditions is for that policy to say.
  const publicBody = inPublicBody(policy);
  const titled = publicBody ? [] : topicalDocuments(policy, relied, () => false);
  const required = [...requiredRoles(topical, library), ...lawRoles].filter(
    (role) =>
      (healthcare || !role.healthcareOnly) &&
      (nhs || !role.nhsOnly) &&
      !(smallSetting && (role.estatesGuidance || role.healthcareOnly)) &&
      (publicBody || !role.publicBodies || titled.includes(role.document)),
  );
  const implied = singleServiceHeads(library);
  const served = namesSystem(`${policy.title}\n${text}`, library);
  const missing = required.filter((role) => served(role.qualifier) && !policyNames(text, role, implied.has(role.head.toLowerCase())));
  const byTitle = new Map<string, RequiredRole[]>();
  for (const role of missing) {
    const key = role.title.toLowerCase();
    byTitle.set(key, [...(byTitle.get(key) ?? []), role]);
  }
  const titles = [...byTitle.values()];
  // A bare title ("Authorising Engineer") adds nothing when a qualified one of it is also missing.
  return titles
    .filter(
      ([role]) =>
        role?.qualifier !== null || !titles.some(([other]) => other?.qualifier && other.head.toLowerCase() === role.head.toLowerCase()),
    )
    .map(finding);
}

/**
 * Whether the policy has the system a role's qualifier names: a post for a system ("Authorising
 * Engineer (MGPS)", the medical gas pipeline systems) is not asked of a policy that never names it,
 * by its acronym or its words in full (a cylinder store's policy speaks of medical gases, not of a
 * pipeline). A qualifier the library does not spell out ("Water", "HV") is taken as named.
 */
function namesSystem(text: string, library: ReviewLibrary): (qualifier: string | null) => boolean {
  let stems: Set<string> | undefined;
  return (qualifier) => {
    if (qualifier === null || !/^[A-Z]{2,6}$/.test(qualifier)) return true;
    const words = libraryExpansion(qualifier, library);
    if (words === null || new RegExp(`\\b${qualifier}\\b`).test(text)) return true;
    stems ??= subjectOf(text);
    return [...subjectOf(words)].every((word) => stems?.has(word));
  };
}

/**
 * In how many passages the policy cites each current document (a superseded edition counting for
 * its successor): one sentence that names a law by its title, its short title and its acronym
 * ("the Data Protection Act 2018 and the UK General Data Protection Regulation (UK GDPR)") cites it once.
 */
function citationCounts(citations: Citation[], library: ReviewLibrary): Map<LibraryDocument, number> {
  const passages = new Map<LibraryDocument, Set<number>>();
  for (const citation of citations) {
    const current =
      citation.document.status === 'current'
        ? [citation.document]
        : library.documents.filter((other) => other.status === 'current' && other.supersedes.includes(citation.document.code));
    for (const document of current) passages.set(document, (passages.get(document) ?? new Set()).add(citation.location.element));
  }
  return new Map([...passages].map(([document, elements]) => [document, elements.size]));
}

/** Whether the law names the role itself: a role from legislation's own roles, not one it takes from guidance. */
function isStatutory(role: RequiredRole): boolean {
  return isLegislation(role.document) && !role.viaGuidance;
}

function finding(roles: RequiredRole[]): ReviewFindingDraft {
  const [role] = roles as [RequiredRole, ...RequiredRole[]];
  const sources = [...new Set(roles.map((each) => documentName(each.document)))];
  const evidence = new Map<string, FindingEvidence>();
  for (const each of roles) {
    const entry = evidence.get(each.document.id) ?? { documentId: each.document.id, code: each.document.code, elementIds: [] };
    if (!entry.elementIds.includes(each.element.id)) entry.elementIds.push(each.element.id);
    evidence.set(each.document.id, entry);
  }
  const group = /\bgroup$/i.test(role.head);
  const statutory = roles.some(isStatutory);
  const kind = group ? 'group' : 'role';
  const plural = sources.length > 1;
  const part = `The library sets out the ${kind} as: ${clause(role.duty)}.`;
  // A title in sentence case is a description ("Responsible person"): within a sentence it reads in lower case.
  const title = /^\p{Lu}[^\p{Lu}]*$/u.test(role.title) ? role.title.toLowerCase() : role.title;
  const basis = statutory
    ? `${list(sources)} ${plural ? 'require' : 'requires'} the ${title} in law. ${part}`
    : `${list(sources)} ${plural ? 'recommend' : 'recommends'} the ${title} for this service. ${part} No Act or Regulations in the library name this ${kind}, so its absence is a gap against guidance rather than a breach of the law.`;
  return {
    category: 'missing_statutory_role',
    // A duty in law is high; a role that guidance recommends is a governance gap.
    severity: statutory ? 'high' : 'medium',
    location: null,
    quote: null,
    expected: role.title,
    explanation: `${basis} The policy does not name this ${kind}.`,
    suggestion: group
      ? `Add the ${title} to the roles and responsibilities section: its membership, what it oversees and whom it reports to.`
      : `Add the ${title} to the roles and responsibilities section: who appoints them, in writing, and what they do.`,
    evidence: [...evidence.values()],
  };
}

/** A document by its code, or by its title when the code is a bare word. */
function documentName(document: LibraryDocument): string {
  return /\d|[A-Z]{2}/.test(document.code) ? document.code : document.title;
}

function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * A roles table's cell as the rest of a sentence after a colon: its own words, which may be a list
 * ("Independent advice and monitoring; contact point for the ICO …"), begun in lower case unless
 * they begin with an abbreviation, and without their closing stop.
 */
function clause(text: string): string {
  const trimmed = text.replace(/[.;\s]+$/, '').trim();
  return /^[A-Z][a-z]/.test(trimmed) ? `${trimmed.charAt(0).toLowerCase()}${trimmed.slice(1)}` : trimmed;
}
