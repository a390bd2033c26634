import { X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useRightPanel } from './right-panel-context';

export interface RightPanelProps {
  children: ReactNode;
}

/** The right-hand panel itself (w-80); renders nothing while closed. */
export function RightPanel({ children }: RightPanelProps) {
  const { isOpen, title, close } = useRightPanel();
  const headingId = useId();
  if (!isOpen) return null;
  return (
    <aside
      aria-labelledby={headingId}
      className="fixed inset-y-0 right-0 z-30 flex w-80 max-w-full flex-col border-slate-200 border-l bg-white shadow-lg md:sticky md:top-0 md:z-auto md:h-dvh md:shadow-none print:hidden"
    >
      <div className="flex h-14 shrink-0 items-center justify-between border-slate-200 border-b px-4">
        <h2 id={headingId} className="font-semibold text-slate-900">
          {title}
        </h2>
        <button
          type="button"
          onClick={close}
          aria-label={`Close ${title}`}
          className="focus-ring rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-4">{children}</div>
    </aside>
  );
}
