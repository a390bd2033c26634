import { WRITE_KIND_LABELS, WRITE_KINDS, type WriteKind } from '@verity/shared';
import { cn } from '../../lib/cn';

/** One line under each kind of document, so the choice is an informed one. */
const KIND_HINTS: Record<WriteKind, string> = {
  minutes: 'Attendees, a summary, the discussion by topic, decisions and actions.',
  action_log: 'Who does what and by when, with the decisions behind them.',
  briefing: 'A short account for people who were not there.',
  incident_report: 'What happened, what was found and what will be done.',
};

export interface DocumentKindChoiceProps {
  value: WriteKind;
  onChange: (kind: WriteKind) => void;
  error: string | undefined;
}

/** What to produce from the transcript: one card per kind of document, each a radio button. */
export function DocumentKindChoice({ value, onChange, error }: DocumentKindChoiceProps) {
  return (
    <fieldset className="mt-6">
      <legend className="font-medium text-slate-800 text-sm">What to produce</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {WRITE_KINDS.map((kind) => (
          <label
            key={kind}
            className={cn(
              'relative flex cursor-pointer gap-3 rounded-lg border px-3 py-2.5 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-400 has-[:focus-visible]:outline-offset-2',
              value === kind ? 'border-brand-600 bg-brand-50/60' : 'border-slate-200 hover:border-slate-300 hover:bg-slate-50',
            )}
          >
            {/* The card is the radio button's label, so a tap anywhere on it chooses the kind. The button itself is
                a 24 px target (WCAG 2.5.8) around the 16 px circle that shows its state; the card draws its focus. */}
            <span className="-mx-1 -mt-0.5 -mb-1 relative flex size-6 shrink-0 items-center justify-center">
              <input
                type="radio"
                name="kind"
                value={kind}
                checked={value === kind}
                onChange={() => onChange(kind)}
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full outline-none"
              />
              <span
                aria-hidden="true"
                className={cn(
                  'pointer-events-none flex size-4 items-center justify-center rounded-full border-2 bg-white',
                  value === kind ? 'border-brand-700' : 'border-slate-400',
                )}
              >
                {value === kind && <span className="size-2 rounded-full bg-brand-700" />}
              </span>
            </span>
            <span className="min-w-0">
              <span className="block font-medium text-slate-900 text-sm">{WRITE_KIND_LABELS[kind]}</span>
              <span className="block text-slate-600 text-xs leading-5">{KIND_HINTS[kind]}</span>
            </span>
          </label>
        ))}
      </div>
      {error && <p className="mt-1.5 text-red-700 text-sm">{error}</p>}
    </fieldset>
  );
}
