import { SlidersHorizontal } from 'lucide-react';
import { cn } from '../../lib/cn';

/** What the Scope button says when nothing narrows the next question. */
const ALL_DOCUMENTS = 'All documents';

export interface ScopeButtonProps {
  open: boolean;
  onToggle: () => void;
  /** Values narrowing the next question ("All documents" when none). */
  count: number;
  /** The button's id (focus returns to it when the scope closes) and the scope panel's. */
  id?: string | undefined;
  panelId?: string | undefined;
}

/** Opens and closes the scope of the next question, saying how many filters narrow it. */
export function ScopeButton({ open, onToggle, count, id, panelId }: ScopeButtonProps) {
  return (
    <button
      id={id}
      type="button"
      data-tour="chat-scope"
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onClick={onToggle}
      className={cn(
        'focus-ring inline-flex h-9 min-w-0 items-center gap-1.5 rounded-md px-2 font-medium text-sm transition-colors',
        open ? 'bg-brand-50 text-brand-900' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
      )}
    >
      <SlidersHorizontal aria-hidden="true" className="size-4 shrink-0" />
      <span className="sr-only">Scope: </span>
      {count > 0 ? (
        <>
          <span className="truncate">Filtered</span>
          <span className="rounded-full bg-brand-700 px-1.5 font-semibold text-white text-xs leading-5">
            {count}
            <span className="sr-only"> {count === 1 ? 'filter' : 'filters'}</span>
          </span>
        </>
      ) : (
        <span className="truncate">{ALL_DOCUMENTS}</span>
      )}
    </button>
  );
}
