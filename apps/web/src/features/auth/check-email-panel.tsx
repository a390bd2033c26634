import type { ReactNode } from 'react';
import { StatusPanel } from './status-panel';

export interface CheckEmailPanelProps {
  /** Where the e-mail went and what its link does. */
  children: ReactNode;
  actions: ReactNode;
}

/** After an auth e-mail is sent: what it is for, and where to look if it does not arrive. */
export function CheckEmailPanel({ children, actions }: CheckEmailPanelProps) {
  return (
    <StatusPanel tone="mail" title="Check your e-mail" actions={actions}>
      {children}
      <p>The e-mail can take a few minutes to arrive. If you cannot find it, check your junk or spam folder.</p>
    </StatusPanel>
  );
}
