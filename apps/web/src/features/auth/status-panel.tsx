import { CircleAlert, CircleCheck, Link2Off, MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { withUnbrokenWords } from './unbroken-words';

export type StatusPanelTone = 'success' | 'error' | 'invalid' | 'mail';

export interface StatusPanelProps {
  tone: StatusPanelTone;
  title: string;
  children?: ReactNode;
  /** Buttons or links under the message. */
  actions?: ReactNode;
}

const ICONS = { success: CircleCheck, error: CircleAlert, invalid: Link2Off, mail: MailCheck } as const;

const BADGES: Record<StatusPanelTone, string> = {
  success: 'bg-emerald-50 text-emerald-700',
  error: 'bg-red-50 text-red-700',
  invalid: 'bg-amber-50 text-amber-700',
  mail: 'bg-brand-50 text-brand-700',
};

/**
 * The outcome of an auth step (e-mail sent, link used, password set): an icon, a heading that
 * receives the announcement, a short explanation and what to do next.
 */
export function StatusPanel({ tone, title, children, actions }: StatusPanelProps) {
  const Icon = ICONS[tone];
  return (
    <section role={tone === 'error' || tone === 'invalid' ? 'alert' : 'status'} className="flex flex-col items-center text-center">
      <span className={cn('mb-4 flex size-12 items-center justify-center rounded-full', BADGES[tone])}>
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h1 className="text-balance font-semibold text-2xl text-slate-900 tracking-tight">{withUnbrokenWords(title)}</h1>
      {children && <div className="mt-3 space-y-3 text-pretty text-slate-600 text-sm leading-6">{children}</div>}
      {actions && <div className="mt-6 flex w-full flex-col items-center gap-3">{actions}</div>}
    </section>
  );
}
