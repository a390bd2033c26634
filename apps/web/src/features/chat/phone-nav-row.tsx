import type { ReactNode } from 'react';

/** Below the lg breakpoint, the conversations drawer's button and New conversation, placed at the two ends of one bar. */
export interface PhoneNav {
  start: ReactNode;
  end: ReactNode;
}

/** The phone's navigation row where a conversation has no header yet (loading, unavailable, private). */
export function PhoneNavRow({ phoneNav }: { phoneNav: PhoneNav | undefined }) {
  if (!phoneNav) return null;
  return (
    <div className="flex h-12 shrink-0 items-center justify-between gap-2 border-slate-200 border-b bg-white px-2 lg:hidden print:hidden">
      {phoneNav.start}
      {phoneNav.end}
    </div>
  );
}
