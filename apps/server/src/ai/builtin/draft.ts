/**
 * Draft mode: a paste-ready policy section (purpose, scope, roles with their duties, monitoring and
 * records), every sentence of substance quoted from a cited passage.
 */
import { quoteAsData } from '../citations.ts';
import type { Passage, RetrievalResult } from '../retrieval.ts';
import { documentPhase } from '../question/kinds.ts';
import { isCrossReference } from '../retrieval/text-signals.ts';
import { Citer, type ComposedAnswer, finalise, sourcesSection } from './cite.ts';
import { type LeadCandidate, leadLines } from './lead.ts';
import { lineContext, passagePieces } from './pieces.ts';
import { type Duty, MAX_ROLES, type RolesTable, itemAsSentence, proseRoleDuties, roleSentences, rolesTables } from './roles.ts';
import { passageContext, type TextTerm, termShare, textTerms } from './terms.ts';
import { readQuestion } from '../question/read.ts';
import { NOT_APPLYING, SCOPE_SECTION, documentNames, rowText, sectionName, sentence, sentenceKey } from './text.ts';

/** A design part's roles table counts for this share when a draft chooses its roles table (a policy is operational). */
const DESIGN_DRAFT = 0.5;

/** …and an operational part's, for this share (the roles that run the system day to day). */
const OPERATION_DRAFT = 1.25;

const DUTIES_PER_ROLE = 4;

const MONITORING_ITEMS = 5;

const MONITORING = /\b(monitor\w*|record\w*|log\w*|audit\w*|review\w*|inspect\w*|test\w*|check\w*|report\w*|evidence)\b/i;

/** Verbs that open a request for a written piece rather than a question. */
const DRAFT_VERBS = 'draft|write|prepare|create|produce|compose';

/** A drafting verb first (after "please", "could you"…), then a kind of written piece named. */
const DRAFT_REQUEST = new RegExp(
  `^\\s*(?:(?:please|can you|could you|would you|help me)\\s+)*(?:${DRAFT_VERBS})\\b(?:\\s+(?:me|us))?\\s.*\\b(?:polic(?:y|ies)|sections?|procedures?|statements?|plans?|paragraphs?|clauses?|checklists?|templates?|terms of reference|protocols?|guidelines?|SOPs?|briefings?|notices?|posters?|leaflets?|handouts?)\\b`,
  'i',
);

/**
 * Whether a question is a request for a written piece ("Draft the responsibilities section of a
 * water safety policy…", "Could you write a procedure for…"). Such a request is answered as a draft
 * whichever mode the composer was in: answered as a question it finds nothing that answers "draft".
 */
export function asksForDraft(question: string): boolean {
  return DRAFT_REQUEST.test(question);
}

/** An aside in brackets: the asker's circumstances ("(we do insulin and some injections)"), not the subject. */
const ASIDE = /\([^()]{0,200}\)/g;
/** How a request opens before its verb. */
const OPENING = /^\s*(?:(?:please|can you|could you|would you|will you|help me|i need to|we need to|i need|we need|can i have)\s+)+/i;
/** The drafting verb and whom it is for. */
const DRAFT_VERB = /\b(?:draft|write|prepare|create|produce|compose|outline|put together)\b(?:\s+(?:me|us|up))?/gi;
/** Words sizing or framing the piece: "a short …", "just a couple of paragraphs". */
const FRAMING =
  /\b(?:a|an|the|some|short|brief|quick|simple|just|couple|few|one|two|three|page|pages|paragraphs?|sentences?|lines?|wording|text)\b/gi;
/** The written pieces a request names. */
const PIECES =
  /\b(?:polic(?:y|ies)|statements?|sections?|procedures?|notices?|templates?|documents?|plans?|protocols?|guidelines?|SOPs?|briefings?|posters?|leaflets?|handouts?|clauses?)\b/gi;
/** The place or readers a piece is for ("for our care home", "for the staff room"), when the phrase ends there: not its subject. */
const SETTING =
  /\bfor\s+(?:a|an|the|our|my|your|all)\s+(?:[a-z-]+\s+){0,2}?(?:care homes?|homes?|hospitals?|practices?|surger(?:y|ies)|clinics?|wards?|units?|trusts?|sites?|staff ?rooms?|rooms?|staff|teams?|handbook|organisation|premises|services?|centres?|boards?)\b(?=\s*(?:$|[,.;:!?–—-]|(?:about|on|explaining|covering|describing|setting|that|which|to)\b))/gi;
/** Words joining the request to its subject. */
const LINKS = /\b(?:about|on|covering|explaining|describing|setting out|regarding|of|for|our|my|your|we|us|it)\b/gi;

/**
 * The subject of a draft request, for retrieval: the request without its opening, verb, the
 * piece and its size, the setting it is for and asides about the asker: "Draft a short policy
 * statement on sharps for our care home (…)" → "sharps"; "Draft the responsibilities section of
 * a water safety policy for a community hospital" → "responsibilities water safety".
 */
export function draftSubject(question: string): string {
  const subject = question
    .replace(ASIDE, ' ')
    .replace(OPENING, ' ')
    .replace(SETTING, ' ')
    .replace(DRAFT_VERB, ' ')
    .replace(PIECES, ' ')
    .replace(FRAMING, ' ')
    .replace(LINKS, ' ')
    .replace(/\s+([,;:.?!])/g, '$1')
    .replace(/^[\s,;:.?!–—-]+|[\s,;:.?!–—-]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return /[a-z]{3,}/i.test(subject) ? subject : question;
}

/** The draft's title from the request: "Draft the responsibilities section of …" → "Responsibilities section of …". */
function draftTitle(question: string): string {
  const title = question
    .trim()
    .replace(/[.?!]+$/, '')
    .replace(new RegExp(`^(please\\s+)?(${DRAFT_VERBS}|outline)\\s+(me\\s+|us\\s+)?((a|an|the)\\s+)?`, 'i'), '')
    .trim();
  const text = title.length > 0 ? title : question.trim();
  return quoteAsData(text.charAt(0).toUpperCase() + text.slice(1));
}

/** What a draft is about, from the request: "… section of our medical gas pipeline policy" → "medical gas pipeline". */
function draftTopic(question: string): string | null {
  // "… section on flushing little-used outlets for a care home" → "flushing little-used outlets".
  const about =
    /\b(?:section|policy|procedure|plan|statement)\s+(?:on|about|covering)\s+([^,.;?!]+?)(?:\s+for\s+(?:a|an|the|our|my|your)\s+[^,.;?!]*)?[.?!]?\s*$/i.exec(
      question,
    );
  if (about?.[1] && about[1].split(/\s+/).length <= 8) return quoteAsData(about[1].trim());
  const match =
    /\b(?:of|for|in|on)\s+(?:(?:our|a|an|the|my|your|this)\s+)?([^,.;?!]+?)\s+(?:polic(?:y|ies)|procedures?|plans?|documents?|statements?|protocols?|guidelines?)\b/i.exec(
      question,
    );
  const topic = match?.[1]?.trim();
  return topic && topic.split(/\s+/).length <= 8 ? quoteAsData(topic) : null;
}

/** The draft's purpose is led by the guidance's own opening, not by the request: a lead read for no question at all. */
const NO_QUESTION = readQuestion('');

export function composeDraftText(question: string, retrieval: RetrievalResult): ComposedAnswer {
  const { passages } = retrieval;
  const citer = new Citer();
  const terms = textTerms(retrieval, retrieval.question);
  // A roles section is drafted from a roles table; a section on a subject ("… on flushing little-used outlets") from its requirements.
  const rolesDraft = /\b(roles?|responsibilit\w*|who|accountabilit\w*)\b/i.test(question);
  const tables = rolesDraft ? draftTables(passages, terms) : [];
  const ownDocuments = new Set(tables.map((table) => passages[table.passage]?.documentId));
  const inScope = (index: number) => tables.length === 0 || ownDocuments.has(passages[index]?.documentId);
  const sources = passages.filter((_, index) => inScope(index));
  const topic = draftTopic(question) ?? quoteAsData(sources[0]?.title ?? 'this subject');
  const names = documentNames(sources);
  const sections: string[] = [`## Draft: ${draftTitle(question)}`];
  sections.push(
    `*A starting draft assembled from ${passages.some((passage) => passage.source === 'attachment') ? 'the passages of the library and your attached file' : 'the library passages'} cited below. Adapt the roles and names to your organisation and have it approved through your usual governance route.*`,
  );

  // Purpose: what the section is for, and what the guidance itself is for (its opening).
  const scopeIndex = passages.findIndex((passage, index) => inScope(index) && SCOPE_SECTION.test(sectionName(passage)));
  const opening = leadLines(NO_QUESTION, {
    ...retrieval,
    passages: passages.map((passage, index) =>
      index === scopeIndex || (scopeIndex < 0 && inScope(index)) ? passage : { ...passage, sentences: [], elements: [] },
    ),
  }).filter((entry) => !entry.row && !entry.item);
  const purpose = opening.map((entry) => `${sentence(entry.text)} ${citer.mark(entry.passage, entry.elementId, entry.quote)}`).join(' ');
  sections.push(
    rolesDraft
      ? `### 1. Purpose\n\nThis section sets out who is responsible for the ${topic} arrangements and what each role does, following ${names}.${purpose ? ` ${purpose}` : ''}`
      : `### 1. Purpose\n\nThis section sets out how the organisation manages ${topic}, following ${names}.${purpose ? ` ${purpose}` : ''}`,
  );
  sections.push(
    rolesDraft
      ? `### 2. Scope\n\nIt applies to everyone who manages, works on or uses the ${topic} arrangements in the organisation's premises, including contractors working under its control.`
      : `### 2. Scope\n\nIt applies to ${topic} across the organisation's premises, and to everyone who carries out or oversees that work, including contractors working under its control.`,
  );

  const quotedKeys = new Set(opening.flatMap((entry) => entry.keys));
  const roleTexts = new Set<string>();
  sections.push(draftDutiesSection({ retrieval, tables, rolesDraft, opening, citer, roleTexts }));
  sections.push(draftMonitoringSection({ passages, inScope, quotedKeys, roleTexts, terms, citer, rolesDraft, names }));
  sections.push(sourcesSection(passages, citer, sections.join('\n\n')));
  return finalise(sections.join('\n\n'), passages, citer);
}

/**
 * The roles tables a roles draft is written from: those of the one document whose roles table is
 * most about the subject (its title, headings and own text), an operational part before a design
 * part; nothing from documents on neighbouring subjects.
 */
function draftTables(passages: readonly Passage[], terms: readonly TextTerm[]): RolesTable[] {
  const allTables = rolesTables(passages);
  const ranked = allTables
    .map((table, i) => {
      const passage = passages[table.passage];
      const text = [passage ? passageContext(passage) : '', table.rows.map((cells) => cells.join(' ')).join(' ')].join(' ');
      const phase = passage ? documentPhase({ title: passage.title }) : null;
      return {
        table,
        i,
        value: termShare(text, terms) * (phase === 'design' ? DESIGN_DRAFT : phase === 'operation' ? OPERATION_DRAFT : 1),
      };
    })
    .sort((a, b) => b.value - a.value || a.i - b.i);
  const owner = ranked[0] ? passages[ranked[0].table.passage]?.documentId : undefined;
  return allTables.filter((table) => passages[table.passage]?.documentId === owner);
}

/**
 * Section 3: the roles with their duties, from the roles tables or else from duty-holder
 * statements in prose; without either, the requirements (or duties) the passages state. Every
 * line it quotes goes into `roleTexts`, so monitoring does not repeat it.
 */
function draftDutiesSection(options: {
  retrieval: RetrievalResult;
  tables: readonly RolesTable[];
  rolesDraft: boolean;
  opening: readonly LeadCandidate[];
  citer: Citer;
  roleTexts: Set<string>;
}): string {
  const { retrieval, tables, rolesDraft, opening, citer, roleTexts } = options;
  const { passages } = retrieval;
  if (tables.length > 0) {
    const seen = new Set<string>();
    const blocks = tables.flatMap((table) =>
      table.rows.slice(0, MAX_ROLES * 2).flatMap((cells) => {
        const role = cells[0] ?? '';
        if (seen.has(role.toLowerCase())) return [];
        seen.add(role.toLowerCase());
        const said = roleSentences(table, cells);
        if (role.length === 0 || said.length === 0) return [];
        const marker = citer.mark(table.passage, table.elementId, rowText(table.header, cells));
        for (const text of said) roleTexts.add(text);
        return [{ role, lines: said.map((text, i) => `${i + 1}. ${text} ${marker}`) }];
      }),
    );
    return `### 3. Roles and responsibilities\n\n${blocks.map((block, r) => `**3.${r + 1} ${quoteAsData(block.role)}**\n\n${block.lines.join('\n')}`).join('\n\n')}`;
  } else {
    const roles: { role: string; duties: Duty[] }[] = [];
    for (const duty of rolesDraft ? proseRoleDuties(passages) : []) {
      const key = duty.role.toLowerCase();
      let entry = roles.find((role) => role.role.toLowerCase() === key);
      if (!entry) {
        if (roles.length >= MAX_ROLES) continue;
        entry = { role: duty.role, duties: [] };
        roles.push(entry);
      }
      if (entry.duties.length < DUTIES_PER_ROLE && !entry.duties.some((existing) => existing.text === duty.text)) entry.duties.push(duty);
    }
    for (const role of roles) for (const duty of role.duties) roleTexts.add(duty.text);
    if (roles.length > 0) {
      const blocks = roles.map(
        (role, r) =>
          `**3.${r + 1} ${quoteAsData(role.role)}**\n\n${role.duties.map((duty, i) => `${i + 1}. ${duty.text} ${citer.mark(duty.passage, duty.elementId, duty.quote)}`).join('\n')}`,
      );
      return `### 3. Roles and responsibilities\n\n${blocks.join('\n\n')}`;
    } else {
      const context = lineContext(retrieval.question, retrieval, opening);
      // Whole sentences only: a list item that is a fragment ("Little-used outlets, which are …") is left out.
      const lines = passages
        .flatMap((passage, index) => passagePieces(passage, index, context))
        .flatMap((piece) =>
          piece.kind === 'line'
            ? [{ text: piece.text, passage: piece.passage, elementId: piece.elementId, quote: piece.quote }]
            : piece.kind === 'list'
              ? piece.items
                  .filter((item) => {
                    const owner = passages[piece.passage];
                    return owner !== undefined && itemAsSentence(item.text, owner) !== null;
                  })
                  .map((item) => ({ text: sentence(item.text), passage: piece.passage, elementId: item.elementId, quote: item.text }))
              : [],
        )
        .slice(0, 10)
        .map((line) => {
          roleTexts.add(line.text);
          return { text: line.text, mark: citer.mark(line.passage, line.elementId, line.quote) };
        });
      return `### 3. ${rolesDraft ? 'Duties' : 'Requirements'}\n\n${lines.map((line, i) => `${i + 1}. ${line.text} ${line.mark}`).join('\n')}`;
    }
  }
}

/** Section 4: what the same documents say about checking and recording, on the draft's subject, or a standard sentence. */
function draftMonitoringSection(options: {
  passages: readonly Passage[];
  inScope: (index: number) => boolean;
  quotedKeys: ReadonlySet<string>;
  roleTexts: ReadonlySet<string>;
  terms: readonly TextTerm[];
  citer: Citer;
  rolesDraft: boolean;
  names: string;
}): string {
  const { passages, inScope, quotedKeys, roleTexts, terms, citer, rolesDraft, names } = options;
  const monitoring = passages
    .flatMap((passage, index) =>
      !inScope(index)
        ? []
        : passage.sentences
            // Whole sentences on the subject only: not the purpose's sentences again, nor a list fragment in lower case.
            .filter(
              (s) =>
                MONITORING.test(s.text) && !s.text.includes(' | ') && !/:\s*$/.test(s.text) && /^[A-Z]/.test(s.text) && s.text.length >= 20,
            )
            .filter((s) => !quotedKeys.has(sentenceKey(s.elementId, s.text)))
            .filter((s) => !NOT_APPLYING.test(s.text) && !isCrossReference({ text: s.text }))
            .filter((s) => !s.listItem || itemAsSentence(s.text, passage) !== null)
            .map((s) => ({
              text: sentence(s.text),
              passage: index,
              elementId: s.elementId,
              quote: s.text,
              score: s.score + termShare(s.text, terms),
            })),
    )
    // The most relevant first; sort is stable, so equals keep the passages' order.
    .sort((a, b) => b.score - a.score)
    .filter((line) => !roleTexts.has(line.text))
    .filter((line, i, all) => all.findIndex((other) => other.text === line.text) === i)
    .slice(0, MONITORING_ITEMS);
  return `### 4. Monitoring and records\n\n${
    monitoring.length > 0
      ? monitoring.map((line, i) => `${i + 1}. ${line.text} ${citer.mark(line.passage, line.elementId, line.quote)}`).join('\n')
      : `The organisation keeps records of ${rolesDraft ? 'appointments, audits and reviews under this section' : 'this work'}, and reviews the section at least when ${names} or the organisation's arrangements change.`
  }`;
}
