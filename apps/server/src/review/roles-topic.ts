import type { LibraryDocument, Policy } from './types.ts';

/**
 * Words that name no particular service: the words of any policy or guidance title. A policy's topic
 * is carried by the others ("water", "ventilation", "lifts", "pressure").
 */
const GENERIC =
  /^(?:and|for|of|the|in|on|to|with|other|policy|policies|procedure|procedures|guidance|guide|management|managing|operational|operation|control|safety|safe|health|healthcare|premises|buildings?|systems?|services?|general|trust|nhs|hazards?|work|code|practice|regulations?|act|order|technical|parts?|design|installation|maintenance|engineering|estates|facilities)$/i;

/** A word's comparable form: lower case, a plural "s" dropped, long words cut to their first six letters. */
function stem(word: string): string {
  const lower = word.toLowerCase().replace(/'s?$/, '');
  const singular = lower.length > 4 ? lower.replace(/(?<!s)s$/, '') : lower;
  return singular.length > 6 ? singular.slice(0, 6) : singular;
}

function topicWords(text: string): Set<string> {
  const words = text.match(/[A-Za-z][A-Za-z'-]+/g) ?? [];
  return new Set(words.filter((word) => word.length >= 3 && !GENERIC.test(word)).map(stem));
}

/** The policy's title, or its first heading when it has none. */
function policyTitle(policy: Policy): string {
  return policy.title ?? policy.elements.find((element) => element.type === 'title' || element.type === 'heading')?.text ?? '';
}

/** A document's part-less code: the parts of one document share its topic. */
function family(document: LibraryDocument): string {
  return document.code.replace(/ Part [A-Z]$/, '');
}

/**
 * The documents that govern the policy's own topic: those whose title or subject shares the most
 * service words with the policy's title (and the other parts of the same document). A document
 * cited in passing for a neighbouring service does not govern it. When the title names no service
 * any document shares, only the laws the policy relies on (`reliedOn`) govern it; when it names no
 * service at all, every document stands.
 */
export function topicalDocuments(
  policy: Policy,
  documents: LibraryDocument[],
  reliedOn: (document: LibraryDocument) => boolean,
): LibraryDocument[] {
  const topic = topicWords(policyTitle(policy));
  const scores = documents.map((document) => {
    // A bracketed note in lower case ("(as amended)", "(medical devices)") glosses the title; it does not name the service.
    const words = topicWords(`${document.title.replace(/\([a-z][^()]*\)/g, ' ')} ${document.subdomain}`);
    return [...topic].filter((word) => words.has(word)).length;
  });
  const best = Math.max(0, ...scores);
  // A title that names a service no document is written for (not a general title such as an
  // estates policy's) takes on only the roles of the laws it relies on: guidance is written for its
  // own service, and a law cited once in passing is not the policy's business.
  if (best === 0) return topic.size > 0 ? documents.filter((document) => isLegislation(document) && reliedOn(document)) : documents;
  // A law on the topic governs it even when guidance shares more of the title's words.
  const families = new Set(
    documents.filter((document, at) => (scores[at] ?? 0) >= (isLegislation(document) ? 1 : Math.max(1, best - 1))).map(family),
  );
  return documents.filter((document) => families.has(family(document)));
}

/**
 * Counts, for a document, how many of the policy's passages speak of its subject: hold at least
 * half of the service words of its title ("data" and "protection", "ionising" or "radiation"). The
 * passages' words are read once, when the first document is asked about.
 */
export function subjectPassages(policy: Policy): (document: LibraryDocument) => number {
  let passages: Set<string>[] | null = null;
  return (document) => {
    const subject = [...topicWords(document.title.replace(/\([a-z][^()]*\)/g, ' '))];
    if (subject.length === 0) return 0;
    passages ??= policy.elements.map((element) => topicWords(element.text));
    const needed = Math.ceil(subject.length / 2);
    return passages.filter((words) => subject.filter((word) => words.has(word)).length >= needed).length;
  };
}

/** An Act, Regulations or Order: law that binds the organisation whatever the policy's topic. */
export function isLegislation(document: LibraryDocument): boolean {
  return /\b(?:Act|Regulations?|Order)\s+(?:\(\w+\)\s+)?(?:1[89]|20)\d\d\b/.test(document.title);
}
