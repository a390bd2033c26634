import { WRITE_KIND_LABELS, type WriteContent, type WriteKind, type WriteNode, writeEndpoints } from '@verity/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import type { Database } from '../../db/connect.ts';
import { contentDisposition, DOCX_CONTENT_TYPE, datedFileName } from '../../lib/docx/download.ts';
import type { Block, DocumentModel, Inline, ListBlock, Span } from '../../lib/docx/model.ts';
import { untrustedWork } from '../../untrusted/pool.ts';
import { route } from '../../lib/route.ts';
import type { WriteAuthor } from '../../core/policies/write.ts';
import { recordEvent } from '../../core/events/service.ts';
import { getDocument, notWritten } from './documents.ts';

/**
 * GET /api/write/documents/{id}/docx: the document as its author last saved it, as a Word file
 * named after its title. The saved content (the editor's JSON) is mapped into the shared
 * renderer's model; nothing else is added, so the file says what the author saw.
 */
export async function writeExportRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, config } = deps;
  const limits = deps.readLimits('writeExport');

  route(app, writeEndpoints.exportDocument, {
    ...limits,
    handler: async ({ request, auth, params, reply }) => {
      const document = await getDocument({ db, author: auth, documentId: params.external_id });
      if (document.status !== 'ready' || document.content === null)
        throw notWritten(document.status === 'failed' ? 'failed' : 'generating');
      const file = await untrustedWork().docx(
        documentModel({ title: document.title, kind: document.kind, content: document.content, appUrl: config.APP_URL }),
      );
      await recordExported({ db, author: auth, documentId: document.id, kind: document.kind, log: request.log });
      return reply
        .header('content-type', DOCX_CONTENT_TYPE)
        .header('content-disposition', contentDisposition(exportFileName(document.title, document.kind, new Date())))
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  });
}

/**
 * One `write.exported` event per download. Reading changes nothing, so there is no transaction to
 * share; a failure is logged (ids only) and otherwise ignored: bookkeeping never stops a download.
 */
async function recordExported(options: { db: Database; author: WriteAuthor; documentId: string; kind: WriteKind; log: FastifyBaseLogger }) {
  const { author, documentId } = options;
  try {
    await recordEvent(options.db, {
      kind: 'write.exported',
      organisationId: author.organisationId,
      actorUserId: author.userId,
      subject: { type: 'write_document', id: documentId },
      data: { kind: options.kind },
    });
  } catch (error) {
    options.log.error(
      { err: error, organisationId: author.organisationId, userId: author.userId, documentId },
      'write export event could not be recorded',
    );
  }
}

const FILE_LABELS: Record<WriteKind, string> = {
  minutes: 'Verity minutes',
  action_log: 'Verity action log',
  briefing: 'Verity briefing',
  incident_report: 'Verity incident report',
};

/** "Verity minutes - {title} - {YYYY-MM-DD}.docx", the date the UK date of the download. */
export function exportFileName(title: string, kind: WriteKind, exportedAt: Date): string {
  return datedFileName({ label: FILE_LABELS[kind], title, date: exportedAt });
}

// ---------------------------------------------------------------------------------------------
// The editor's JSON as the renderer's model

/**
 * The document as the renderer's model: the title above, then the content's blocks. A first
 * heading that only repeats the title is left out (the title is already there, in the title style).
 */
export function documentModel(options: { title: string; kind: WriteKind; content: WriteContent; appUrl: string }): DocumentModel {
  const { title, kind, content } = options;
  const nodes = content.content;
  const first = nodes[0];
  const repeatsTitle = first?.type === 'heading' && plainText(first).trim() === title.trim();
  return {
    title,
    footer: { pageNumbers: true },
    creator: 'Verity',
    subject: WRITE_KIND_LABELS[kind],
    blocks: blocksOf(repeatsTitle ? nodes.slice(1) : nodes, options.appUrl),
  };
}

function blocksOf(nodes: readonly WriteNode[], appUrl: string): Block[] {
  const out: Block[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'heading':
        out.push({ kind: 'heading', level: headingLevel(node.attrs?.level), content: inlinesOf(node.content ?? [], appUrl) });
        break;
      case 'paragraph':
        out.push({ kind: 'paragraph', content: inlinesOf(node.content ?? [], appUrl) });
        break;
      case 'bulletList':
      case 'orderedList':
        appendBlocks(out, listBlocks(node, 0, appUrl));
        break;
      case 'table':
        out.push(tableBlock(node, appUrl));
        break;
      case 'text':
      case 'hardBreak':
        // Inline content outside a paragraph (not what the editor writes): kept as a paragraph of its own.
        out.push({ kind: 'paragraph', content: inlinesOf([node], appUrl) });
        break;
      default:
        // A container out of place (a list item or table row on its own): its blocks.
        appendBlocks(out, blocksOf(node.content ?? [], appUrl));
    }
  }
  return out;
}

/** Editor heading levels 1–6 onto Word's 1–4 (the smaller ones share the smallest). */
function headingLevel(level: unknown): 1 | 2 | 3 | 4 {
  const n = typeof level === 'number' && Number.isFinite(level) ? Math.round(level) : 1;
  return Math.max(1, Math.min(4, n)) as 1 | 2 | 3 | 4;
}

/**
 * A list and the lists nested in its items, as list blocks whose items carry their nesting level.
 * Numbered items keep the number the editor shows (from the list's `start`), so a numbered list
 * interrupted by a nested bulleted one carries on counting.
 */
function listBlocks(list: WriteNode, level: number, appUrl: string): Block[] {
  const ordered = list.type === 'orderedList';
  const start = typeof list.attrs?.start === 'number' && Number.isInteger(list.attrs.start) ? list.attrs.start : 1;
  const out: Block[] = [];
  (list.content ?? []).forEach((item, index) => {
    const text: Inline[] = [];
    const after: Block[] = [];
    for (const child of item.content ?? []) {
      if (child.type === 'bulletList' || child.type === 'orderedList') after.push(...listBlocks(child, level + 1, appUrl));
      else if (child.type === 'paragraph' || child.type === 'heading') {
        if (text.length > 0) text.push('\n');
        text.push(...inlinesOf(child.content ?? [], appUrl));
      } else after.push(...blocksOf([child], appUrl));
    }
    appendBlocks(out, [
      { kind: 'list', ordered, items: [{ content: text, level, ...(ordered ? { number: String(start + index) } : {}) }] },
    ]);
    appendBlocks(out, after);
  });
  return out;
}

/** Blocks added at the end of `out`, a list's items joining the list before them when it is of the same kind. */
function appendBlocks(out: Block[], blocks: readonly Block[]): void {
  for (const block of blocks) {
    const last = out.at(-1);
    if (block.kind === 'list' && last?.kind === 'list' && last.ordered === block.ordered) {
      out[out.length - 1] = { ...last, items: [...last.items, ...block.items] } satisfies ListBlock;
    } else out.push(block);
  }
}

/** A table; a first row of header cells becomes its header row, repeated on every page. */
function tableBlock(table: WriteNode, appUrl: string): Block {
  const rows = (table.content ?? []).filter((row) => row.type === 'tableRow');
  const cellsOf = (row: WriteNode) => (row.content ?? []).map((cell) => cellInlines(cell.content ?? [], appUrl));
  const first = rows[0];
  const headed =
    first !== undefined && (first.content ?? []).length > 0 && (first.content ?? []).every((cell) => cell.type === 'tableHeader');
  return {
    kind: 'table',
    ...(headed ? { header: cellsOf(first) } : {}),
    rows: (headed ? rows.slice(1) : rows).map(cellsOf),
  };
}

/** A cell holds one paragraph in Word's model here: its paragraphs and list items become lines of it. */
function cellInlines(nodes: readonly WriteNode[], appUrl: string, indent = ''): Inline[] {
  const out: Inline[] = [];
  const line = (pieces: readonly Inline[]) => {
    if (out.length > 0) out.push('\n');
    out.push(...pieces);
  };
  for (const node of nodes) {
    if (node.type === 'bulletList' || node.type === 'orderedList') {
      (node.content ?? []).forEach((item, index) => {
        const marker = node.type === 'orderedList' ? `${index + 1}. ` : '• ';
        const [head, ...rest] = splitLines(cellInlines(item.content ?? [], appUrl, `${indent}  `));
        line([`${indent}${marker}`, ...(head ?? [])]);
        for (const more of rest) line(more);
      });
    } else if (node.type === 'text' || node.type === 'hardBreak') {
      line(inlinesOf([node], appUrl));
    } else if (node.type === 'paragraph' || node.type === 'heading') {
      line(inlinesOf(node.content ?? [], appUrl));
    } else {
      line(cellInlines(node.content ?? [], appUrl, indent));
    }
  }
  return out;
}

/** Pieces split at their line breaks (the '\n' pieces `cellInlines` puts between lines). */
function splitLines(pieces: readonly Inline[]): Inline[][] {
  const lines: Inline[][] = [[]];
  for (const piece of pieces) {
    if (piece === '\n') lines.push([]);
    else lines.at(-1)?.push(piece);
  }
  return lines;
}

/** Text with its bold, italics and links; a hard break is a new line. */
function inlinesOf(nodes: readonly WriteNode[], appUrl: string): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    if (node.type === 'hardBreak') out.push('\n');
    else if (node.type === 'text') out.push(span(node, appUrl));
    else out.push(...inlinesOf(node.content ?? [], appUrl));
  }
  return out;
}

function span(node: WriteNode, appUrl: string): Span {
  const marks = node.marks ?? [];
  const link = marks.find((mark) => mark.type === 'link');
  const href = link ? absoluteLink(link.attrs.href, appUrl) : null;
  return {
    text: node.text ?? '',
    ...(marks.some((mark) => mark.type === 'bold') ? { bold: true } : {}),
    ...(marks.some((mark) => mark.type === 'italic') ? { italic: true } : {}),
    ...(href ? { href } : {}),
  };
}

/**
 * A link as Word can follow it: an address within the app (/wiki/{id}) made absolute with the
 * app's public address (APP_URL), web and mail addresses as they are. Anything else (a script
 * address, a relative path) keeps its text without the link.
 */
export function absoluteLink(href: string, appUrl: string): string | null {
  const value = href.trim();
  if (/^\/(?!\/)/.test(value)) return `${appUrl.replace(/\/+$/, '')}${value}`;
  if (/^(?:https?:\/\/|mailto:)/i.test(value)) return value;
  return null;
}

function plainText(node: WriteNode): string {
  if (node.type === 'text') return node.text ?? '';
  return (node.content ?? []).map(plainText).join('');
}
