import type { FindingCounts, ReviewSeverity } from '@verity/shared';
import { cn } from '../../lib/cn';

export const SEVERITY_LABELS: Record<ReviewSeverity, string> = { high: 'High', medium: 'Medium', low: 'Low' };

const SEVERITY_STYLES: Record<ReviewSeverity, string> = {
  high: 'bg-red-50 text-red-800 ring-red-200',
  medium: 'bg-amber-50 text-amber-900 ring-amber-200',
  low: 'bg-sky-50 text-sky-900 ring-sky-200',
};

/** "High", "Medium" or "Low" as a small coloured badge (the word is there for those who cannot see the colour). */
export function SeverityBadge({ severity, count, className }: { severity: ReviewSeverity; count?: number; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 font-medium text-xs ring-1',
        SEVERITY_STYLES[severity],
        className,
      )}
    >
      {count !== undefined && <span className="tabular-nums">{count}</span>}
      {SEVERITY_LABELS[severity]}
    </span>
  );
}

/** The severities with findings: "2 High · 1 Low" as badges, or "No findings". */
export function SeverityCounts({ counts }: { counts: Pick<FindingCounts, ReviewSeverity> }) {
  const present = (['high', 'medium', 'low'] as const).filter((severity) => counts[severity] > 0);
  if (present.length === 0) return <span className="text-slate-600 text-xs">No findings</span>;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {present.map((severity) => (
        <SeverityBadge key={severity} severity={severity} count={counts[severity]} />
      ))}
    </span>
  );
}
