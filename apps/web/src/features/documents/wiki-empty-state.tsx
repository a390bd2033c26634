import type { ReactNode } from 'react';

/** What the wiki says when a list has nothing to show, with what to do about it. */
export function WikiEmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-300 border-dashed bg-white px-6 py-10 text-center">
      <p className="font-semibold text-slate-900">{title}</p>
      {children && <div className="mx-auto mt-2 max-w-prose text-slate-600 text-sm">{children}</div>}
    </div>
  );
}
