import {
  REVIEW_CATEGORIES,
  REVIEW_CATEGORY_LABELS,
  REVIEW_SEVERITIES,
  type Review,
  type ReviewFinding,
  type ReviewSeverity,
} from '@verity/shared';
import type { Block, DocumentModel, Inline, Inlines } from '../../lib/docx/model.ts';

/**
 * A review as the governance committee reads it: what was reviewed and how many findings of each
 * severity, what changed since the previous version, the findings table (severity, category,
 * location, quote, suggested fix, evidence linked to the library), the findings dismissed with
 * their reasons, and each finding's passage of the policy quoted in full with its explanation.
 * A pure mapping into the shared renderer's model; the route (files.ts) serves it.
 */
export function reviewDocumentModel(review: Review, options: { appUrl: string; exportedAt: Date }): DocumentModel {
  const bySeverity = (a: ReviewFinding, b: ReviewFinding) => severityRank(a.severity) - severityRank(b.severity);
  const kept = review.findings.filter((finding) => finding.status !== 'dismissed').sort(bySeverity);
  const dismissed = review.findings.filter((finding) => finding.status === 'dismissed');
  const numbers = new Map(kept.map((finding, index) => [finding.id, index + 1]));
  const blocks: Block[] = [
    ...summaryBlocks(review, kept, dismissed),
    ...comparisonBlocks(review),
    ...findingsBlocks(kept, review, options.appUrl),
    ...dismissedBlocks(dismissed, review),
    ...passageBlocks(kept, review, numbers),
  ];
  return {
    title: `Policy review: ${review.title}`,
    metadata: [
      { label: 'Policy file', value: review.filename },
      { label: 'Reviewed', value: ukDate(new Date(review.created_at)) },
      { label: 'Exported', value: ukDate(options.exportedAt) },
    ],
    header: `Policy review: ${review.title}`,
    footer: {
      pageNumbers: true,
      text: 'Prepared with Verity. Each finding is checked against the regulatory library; the decisions are the reviewer’s.',
    },
    creator: 'Verity',
    subject: 'Policy review',
    description: `Findings of a review of ${review.filename}`,
    blocks,
  };
}

const severityRank = (severity: ReviewSeverity) => REVIEW_SEVERITIES.indexOf(severity);
const SEVERITY_LABELS: Record<ReviewSeverity, string> = { high: 'High', medium: 'Medium', low: 'Low' };

function ukDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function summaryBlocks(review: Review, kept: ReviewFinding[], dismissed: ReviewFinding[]): Block[] {
  const { counts } = review;
  const severities = `${counts.high} high, ${counts.medium} medium and ${counts.low} low severity`;
  const decided = `${counts.accepted} accepted, ${counts.dismissed} dismissed and ${counts.open} not yet decided`;
  const lines: Block[] = [
    { kind: 'heading', level: 1, content: 'Summary' },
    {
      kind: 'paragraph',
      content:
        kept.length === 0 && dismissed.length === 0
          ? 'The review found nothing to change in this policy.'
          : `The review found ${plural(kept.length + dismissed.length, 'finding')}. Of those kept, ${severities}; ${decided}.`,
    },
  ];
  const byCategory = REVIEW_CATEGORIES.map((category) => {
    const ofCategory = kept.filter((finding) => finding.category === category);
    return { category, ofCategory };
  }).filter(({ ofCategory }) => ofCategory.length > 0);
  if (byCategory.length > 0) {
    lines.push({
      kind: 'table',
      header: ['Category', 'High', 'Medium', 'Low'],
      rows: byCategory.map(({ category, ofCategory }) => [
        REVIEW_CATEGORY_LABELS[category],
        ...REVIEW_SEVERITIES.map((severity) => String(ofCategory.filter((finding) => finding.severity === severity).length)),
      ]),
    });
  }
  return lines;
}

function comparisonBlocks(review: Review): Block[] {
  const { comparison } = review;
  if (!comparison) return [];
  const blocks: Block[] = [
    { kind: 'heading', level: 1, content: 'Compared with the previous version' },
    {
      kind: 'paragraph',
      content: `${plural(comparison.fixed.length, 'finding')} of the previous review ${comparison.fixed.length === 1 ? 'was' : 'were'} fixed; ${plural(comparison.new_ids.length, 'finding')} ${comparison.new_ids.length === 1 ? 'is' : 'are'} new and ${plural(comparison.remaining_ids.length, 'finding')} remain.`,
    },
  ];
  if (comparison.fixed.length > 0) {
    blocks.push({
      kind: 'list',
      ordered: false,
      items: comparison.fixed.map((fixed) => ({
        content: `${REVIEW_CATEGORY_LABELS[fixed.category]}: ${fixed.quote ?? fixed.expected ?? fixed.explanation}`,
      })),
    });
  }
  return blocks;
}

/** Where a finding is, in words: "Page 2, 7. Transport and records", or the whole policy for what is absent. */
export function locationText(finding: ReviewFinding, review: Pick<Review, 'format'>): string {
  if (finding.location === null) return 'Whole policy';
  const parts = [review.format === 'pdf' && finding.page !== null ? `Page ${finding.page}` : null, finding.section];
  return parts.filter((part): part is string => part !== null && part !== '').join(', ') || 'Opening';
}

function evidenceInlines(finding: ReviewFinding, appUrl: string): Inlines {
  if (finding.evidence.length === 0) return '—';
  const inlines: Inline[] = [];
  for (const [index, evidence] of finding.evidence.entries()) {
    if (index > 0) inlines.push('; ');
    const query = evidence.element_ids.map((id) => `element_ids=${encodeURIComponent(id)}`).join('&');
    const href = `${appUrl.replace(/\/$/, '')}/wiki/${encodeURIComponent(evidence.document_id)}${query ? `?${query}` : ''}`;
    inlines.push({ text: evidence.code, href });
  }
  return inlines;
}

function findingsBlocks(kept: ReviewFinding[], review: Review, appUrl: string): Block[] {
  if (kept.length === 0) return [];
  return [
    { kind: 'heading', level: 1, content: 'Findings' },
    {
      kind: 'table',
      header: ['#', 'Severity', 'Category', 'Location', 'Quote', 'Suggested fix', 'Evidence'],
      rows: kept.map((finding, index) => [
        String(index + 1),
        SEVERITY_LABELS[finding.severity] + (finding.status === 'accepted' ? ' (accepted)' : ''),
        REVIEW_CATEGORY_LABELS[finding.category],
        locationText(finding, review),
        finding.quote === null ? '—' : `“${finding.quote}”`,
        finding.suggestion,
        evidenceInlines(finding, appUrl),
      ]),
    },
  ];
}

function dismissedBlocks(dismissed: ReviewFinding[], review: Review): Block[] {
  if (dismissed.length === 0) return [];
  return [
    { kind: 'heading', level: 1, content: 'Dismissed findings' },
    { kind: 'paragraph', content: 'The reviewer dismissed these findings, for the reasons given.' },
    {
      kind: 'table',
      header: ['Category', 'Location', 'Quote', 'Reason'],
      rows: dismissed.map((finding) => [
        REVIEW_CATEGORY_LABELS[finding.category],
        locationText(finding, review),
        finding.quote === null ? (finding.expected ?? '—') : `“${finding.quote}”`,
        finding.dismiss_reason ?? '—',
      ]),
    },
  ];
}

function passageBlocks(kept: ReviewFinding[], review: Review, numbers: ReadonlyMap<string, number>): Block[] {
  const blocks: Block[] = [{ kind: 'heading', level: 1, content: 'The findings in detail' }];
  for (const finding of kept) {
    blocks.push({
      kind: 'heading',
      level: 2,
      content: `${numbers.get(finding.id)}. ${REVIEW_CATEGORY_LABELS[finding.category]} (${SEVERITY_LABELS[finding.severity].toLowerCase()})`,
    });
    const element = finding.location === null ? undefined : review.elements[finding.location.element];
    if (element) blocks.push({ kind: 'quote', text: element.text, source: locationText(finding, review) });
    blocks.push({ kind: 'paragraph', content: finding.explanation });
    blocks.push({ kind: 'paragraph', content: [{ text: 'Suggested fix: ', bold: true }, finding.suggestion] });
  }
  return kept.length === 0 ? [] : blocks;
}
