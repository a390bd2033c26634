import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

export interface FaqItemProps {
  question: string;
  children: ReactNode;
}

/** A question that opens to its answer; native details/summary, so keyboard and screen readers just work. */
export function FaqItem({ question, children }: FaqItemProps) {
  return (
    <details className="group border-slate-200 border-b last:border-b-0">
      <summary className="focus-ring flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-4 font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
        {question}
        <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
      </summary>
      <div className="space-y-2 pb-4 text-slate-700 text-sm leading-6">{children}</div>
    </details>
  );
}
