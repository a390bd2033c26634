/**
 * A document's first content, written from the engine's findings as the editor's JSON (a
 * ProseMirror document of WRITE_NODE_TYPES with bold and link marks). Each kind orders the same
 * findings for its readers:
 * - minutes: title; date, attendees, apologies; summary; discussion by topic; decisions; the
 *   actions table; regulatory references; the next meeting;
 * - action log: title; date and attendees; the actions table first, then decisions;
 * - briefing: title; date; summary; each topic's key points as bullets; decisions; actions as a
 *   short list;
 * - incident report: title; date; people involved; summary; findings by topic; decisions as
 *   conclusions; "Actions and recommendations" as a table; references.
 * Decision list items and action rows carry `attrs.item` (their id), which is how the page finds
 * the transcript lines they came from. References link to the library (/wiki/{id}); a superseded
 * one names and links its replacement.
 */
import type { WriteAction, WriteContent, WriteFindings, WriteKind, WriteMark, WriteNode, WriteReference } from '@verity/shared';
import { WRITE_KIND_LABELS } from '@verity/shared';

export function composeContent(findings: WriteFindings, kind: WriteKind): WriteContent {
  const title = findings.title.trim() || WRITE_KIND_LABELS[kind];
  const blocks: WriteNode[] = [heading(1, title)];
  switch (kind) {
    case 'minutes':
      blocks.push(
        labelled('Date', meetingDate(findings.meeting_date)),
        labelled('Attendees', names(findings.attendees)),
        ...apologies(findings.apologies),
        ...summary(findings),
        heading(2, 'Discussion'),
        ...findings.topics.flatMap((topic) => [heading(3, topic.title), ...topic.points.map((point) => paragraph(point))]),
        ...decisions(findings, 'Decisions'),
        ...actionsTable(findings.actions, 'Actions'),
        ...references(findings.references),
        ...nextMeeting(findings.next_meeting_date),
      );
      break;
    case 'action_log':
      blocks.push(
        labelled('Date', meetingDate(findings.meeting_date)),
        labelled('Attendees', names(findings.attendees)),
        ...actionsTable(findings.actions, 'Actions'),
        ...decisions(findings, 'Decisions'),
        ...nextMeeting(findings.next_meeting_date),
      );
      break;
    case 'briefing':
      blocks.push(
        labelled('Date', meetingDate(findings.meeting_date)),
        ...summary(findings),
        heading(2, 'Key points'),
        ...findings.topics.flatMap((topic) => [
          heading(3, topic.title),
          ...(topic.points.length > 0 ? [bulletList(topic.points.map((point) => item([paragraph(point)])))] : []),
        ]),
        ...decisions(findings, 'Decisions'),
        ...actionsList(findings.actions),
      );
      break;
    case 'incident_report':
      blocks.push(
        labelled('Date', meetingDate(findings.meeting_date)),
        labelled('People involved', names([...findings.attendees, ...findings.apologies])),
        ...summary(findings),
        heading(2, 'Findings'),
        ...findings.topics.flatMap((topic) => [heading(3, topic.title), ...topic.points.map((point) => paragraph(point))]),
        ...decisions(findings, 'Conclusions'),
        ...actionsTable(findings.actions, 'Actions and recommendations'),
        ...references(findings.references),
      );
      break;
  }
  return { type: 'doc', content: blocks };
}

/**
 * A document as plain text: each heading, paragraph, list item and table cell on its own line
 * (a hard break starts a new line too).
 */
export function contentText(content: WriteContent): string {
  const lines: string[] = [];
  const visit = (node: WriteNode) => {
    if (node.type === 'heading' || node.type === 'paragraph') {
      lines.push(inlineText(node));
      return;
    }
    for (const child of node.content ?? []) visit(child);
  };
  for (const node of content.content) visit(node);
  return lines.join('\n');
}

function inlineText(node: WriteNode): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  return (node.content ?? []).map(inlineText).join('');
}

// ---------------------------------------------------------------------------------------------
// Sections

function summary(findings: WriteFindings): WriteNode[] {
  return findings.summary.length > 0 ? [heading(2, 'Summary'), paragraph(findings.summary.join(' '))] : [];
}

function apologies(people: readonly string[]): WriteNode[] {
  return people.length > 0 ? [labelled('Apologies', names(people))] : [];
}

function decisions(findings: WriteFindings, title: string): WriteNode[] {
  if (findings.decisions.length === 0) return [heading(2, title), paragraph('No decisions were recorded.')];
  return [
    heading(2, title),
    {
      type: 'orderedList',
      attrs: { start: 1 },
      content: findings.decisions.map((decision) => item([paragraph(decision.text)], decision.id)),
    },
  ];
}

/** Owner | Action | Due, one row per action; a table even when empty, so rows can be added to it. */
function actionsTable(actions: readonly WriteAction[], title: string): WriteNode[] {
  const header: WriteNode = { type: 'tableRow', content: ['Owner', 'Action', 'Due'].map((label) => cell('tableHeader', label)) };
  const rows = actions.map(
    (action): WriteNode => ({
      type: 'tableRow',
      attrs: { item: action.id },
      content: [cell('tableCell', action.owner), cell('tableCell', action.action), cell('tableCell', dueText(action))],
    }),
  );
  return [heading(2, title), { type: 'table', content: [header, ...rows] }];
}

/** "Leah Byrne — Send the revised rota (14 April 2026)", for a briefing. */
function actionsList(actions: readonly WriteAction[]): WriteNode[] {
  if (actions.length === 0) return [heading(2, 'Actions'), paragraph('No actions were recorded.')];
  return [
    heading(2, 'Actions'),
    bulletList(
      actions.map((action) => {
        const due = action.due || action.due_said ? ` (${dueText(action)})` : '';
        return item([paragraph(`${action.owner} — ${action.action}${due}`)], action.id);
      }),
    ),
  ];
}

function references(found: readonly WriteReference[]): WriteNode[] {
  if (found.length === 0) return [];
  return [
    heading(2, 'Regulatory references'),
    bulletList(
      found.map((reference) => {
        const name = `${reference.code} — ${reference.title}`;
        const inline = [reference.document_id ? link(name, `/wiki/${reference.document_id}`) : text(name)];
        if (reference.status === 'superseded') {
          const replacement = reference.superseded_by;
          inline.push(text(' (superseded'));
          if (replacement) inline.push(text(' by '), link(`${replacement.code} — ${replacement.title}`, `/wiki/${replacement.id}`));
          inline.push(text(')'));
        }
        return item([{ type: 'paragraph', content: inline }]);
      }),
    ),
  ];
}

function nextMeeting(date: string | null): WriteNode[] {
  return date ? [labelled('Next meeting', meetingDate(date))] : [];
}

// ---------------------------------------------------------------------------------------------
// Words

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const DUE_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `2026-03-10` → "Tuesday 10 March 2026"; "Not stated" without a date. */
function meetingDate(date: string | null): string {
  if (!date) return 'Not stated';
  const parts = LONG_DATE.formatToParts(new Date(`${date}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

/** "13 March 2026 (by Friday)", the date alone, the words alone when they resolve to no date, or "Not stated". */
function dueText(action: Pick<WriteAction, 'due' | 'due_said'>): string {
  const said = action.due_said?.trim() || null;
  if (!action.due) return said ?? 'Not stated';
  const date = DUE_DATE.format(new Date(`${action.due}T00:00:00Z`));
  return said ? `${date} (${said})` : date;
}

function names(people: readonly string[]): string {
  return people.length > 0 ? people.join(', ') : 'Not recorded';
}

// ---------------------------------------------------------------------------------------------
// Nodes

function text(value: string, marks?: WriteMark[]): WriteNode {
  return marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };
}

function link(value: string, href: string): WriteNode {
  return text(value, [{ type: 'link', attrs: { href } }]);
}

/** A paragraph; empty text makes an empty paragraph (the editor allows no empty text node). */
function paragraph(value: string): WriteNode {
  return value === '' ? { type: 'paragraph' } : { type: 'paragraph', content: [text(value)] };
}

/** "**Date:** Tuesday 10 March 2026". */
function labelled(label: string, value: string): WriteNode {
  return { type: 'paragraph', content: [text(`${label}:`, [{ type: 'bold' }]), text(` ${value}`)] };
}

function heading(level: 1 | 2 | 3, value: string): WriteNode {
  return { type: 'heading', attrs: { level }, content: [text(value)] };
}

function item(content: WriteNode[], id?: string): WriteNode {
  return id ? { type: 'listItem', attrs: { item: id }, content } : { type: 'listItem', content };
}

function bulletList(items: WriteNode[]): WriteNode {
  return { type: 'bulletList', content: items };
}

function cell(type: 'tableHeader' | 'tableCell', value: string): WriteNode {
  return { type, content: [paragraph(value)] };
}
