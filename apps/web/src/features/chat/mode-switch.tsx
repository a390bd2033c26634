import type { ChatMode } from '@verity/shared';
import { cn } from '../../lib/cn';

const MODES: { id: ChatMode; label: string; hint: string }[] = [
  { id: 'answer', label: 'Answer', hint: 'A cited answer to a question' },
  { id: 'draft', label: 'Draft', hint: 'A structured policy section with citations' },
];

/** Answer or Draft: what the next question asks for, as two toggle buttons. */
export function ModeSwitch({ mode, onModeChange }: { mode: ChatMode; onModeChange: (mode: ChatMode) => void }) {
  return (
    <fieldset data-tour="chat-mode" className="inline-flex rounded-lg border border-slate-200 bg-slate-100 p-0.5">
      <legend className="sr-only">Kind of answer</legend>
      {MODES.map((option) => (
        <button
          key={option.id}
          type="button"
          aria-pressed={mode === option.id}
          title={option.hint}
          onClick={() => onModeChange(option.id)}
          className={cn(
            'focus-ring h-7 rounded-md px-2.5 font-medium text-sm transition-colors',
            mode === option.id ? 'bg-white text-slate-900 shadow-xs' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
