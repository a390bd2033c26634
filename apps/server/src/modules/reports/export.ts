import { TASK_TOOLS, type TaskTool, type WorkforceReport } from '@verity/shared';
import { csvRow } from '../../lib/csv.ts';
import { type PdfBlock, renderPdf } from '../../lib/pdf.ts';

/** The workforce report as a spreadsheet and as a printable document: the same figures the page shows. */

const TOOL_NAMES: Record<TaskTool, string> = { chat: 'Chat', write: 'Write', review: 'Review', wiki: 'Wiki searches' };

/** Minutes as hours to one decimal ("12.5"), the unit a report's reader adds up. */
export function hoursOf(minutes: number): string {
  return (Math.round((minutes / 60) * 10) / 10).toFixed(1);
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const SHORT_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** A London date as a person reads it: "27 Nov 2026". */
export function readableDate(date: string): string {
  return DATE.format(new Date(`${date}T12:00:00Z`));
}

function bucketLabel(start: string, bucket: WorkforceReport['bucket']): string {
  const when = new Date(`${start}T12:00:00Z`);
  return bucket === 'month' ? MONTH.format(when) : SHORT_DATE.format(when);
}

/** The file name of an export: the organisation and the period's end, in plain characters. */
export function exportName(report: WorkforceReport, extension: 'csv' | 'pdf'): string {
  const organisation = report.organisation.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `workforce-performance-${organisation || 'organisation'}-${report.to}.${extension}`;
}

/** One row per person: who, their team, onboarding, tasks by tool, hours saved and their last task. */
export function workforceCsv(report: WorkforceReport): string {
  const header = [
    'Name',
    'E-mail',
    'Team',
    'Onboarding modules completed',
    'Onboarding complete',
    ...TASK_TOOLS.map((tool) => TOOL_NAMES[tool]),
    'Total tasks',
    'Hours saved',
    'Last active',
    ...report.buckets.map((start) => `Tasks from ${start}`),
  ];
  const rows = report.people.map((person) => [
    person.name,
    person.email,
    person.team,
    person.onboarding_completed,
    person.onboarding_complete ? 'Yes' : 'No',
    ...TASK_TOOLS.map((tool) => person.tasks[tool]),
    person.total_tasks,
    hoursOf(person.minutes_saved),
    person.last_active ?? '',
    ...person.adoption,
  ]);
  return [header, ...rows].map(csvRow).join('');
}

/** The report on A4: the period, the totals, adoption over time, the teams and the people. */
export function workforcePdf(report: WorkforceReport): Promise<Uint8Array> {
  const { totals } = report;
  const period = `${readableDate(report.from)} to ${readableDate(report.to)} (${report.days} days)`;
  const perTask = TASK_TOOLS.map((tool) => `${TOOL_NAMES[tool].toLowerCase()} ${report.minutes_per_task[tool]} minutes`).join(', ');
  const blocks: PdfBlock[] = [
    { type: 'title', text: 'Workforce performance' },
    {
      type: 'paragraph',
      text: `${report.scope === 'self' ? 'Your own use of Verity at' : 'Everyone at'} ${report.organisation.name}, ${period}.`,
    },
    { type: 'heading', text: 'At a glance', level: 2 },
    {
      type: 'table',
      rows: [
        ['People', 'Active', 'Onboarded', 'Tasks', 'Hours saved'],
        [
          String(totals.people),
          String(totals.active_people),
          String(totals.onboarding_complete),
          String(totals.total_tasks),
          hoursOf(totals.minutes_saved),
        ],
      ],
    },
    {
      type: 'table',
      rows: [TASK_TOOLS.map((tool) => TOOL_NAMES[tool]), TASK_TOOLS.map((tool) => String(totals.tasks[tool]))],
    },
    {
      type: 'chart',
      caption: `People active each ${report.bucket}`,
      points: report.buckets.map((start, index) => ({ label: bucketLabel(start, report.bucket), value: totals.adoption[index] ?? 0 })),
    },
  ];
  if (report.scope === 'organisation' && report.teams.length > 0) {
    blocks.push(
      { type: 'heading', text: 'Teams', level: 2 },
      { type: 'paragraph', text: 'Teams are job titles until the organisation sets up teams of its own.' },
      {
        type: 'table',
        rows: [
          ['Team', 'People', 'Active', 'Onboarded', 'Tasks', 'Hours saved'],
          ...report.teams.map((team) => [
            team.name,
            String(team.people),
            String(team.active_people),
            String(team.onboarding_complete),
            String(team.total_tasks),
            hoursOf(team.minutes_saved),
          ]),
        ],
      },
    );
  }
  blocks.push(
    { type: 'heading', text: report.scope === 'self' ? 'Your figures' : 'People', level: 2 },
    {
      type: 'table',
      rows: [
        ['Name', 'Team', 'Onboarded', 'Tasks', 'Hours saved', 'Last active'],
        ...report.people.map((person) => [
          person.name,
          person.team,
          person.onboarding_complete ? 'Yes' : person.onboarding_completed === 0 ? 'Not started' : `${person.onboarding_completed} modules`,
          String(person.total_tasks),
          hoursOf(person.minutes_saved),
          person.last_active ? readableDate(person.last_active) : 'None',
        ]),
      ],
    },
    { type: 'heading', text: 'How the figures are counted', level: 3 },
    {
      type: 'paragraph',
      text:
        'A task is a question answered in chat, a document written from a transcript, a policy reviewed or a search of the wiki. ' +
        `Hours saved are estimated from the minutes each task saves: ${perTask}. Active means at least one task in the period.`,
    },
  );
  return renderPdf({
    pages: [blocks],
    metadataTitle: `Workforce performance, ${report.organisation.name}`,
    footer: `Verity workforce performance, ${report.organisation.name}, ${period}`,
  });
}
