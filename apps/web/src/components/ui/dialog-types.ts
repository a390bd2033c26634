import type { ReactNode } from 'react';

/** The dialog's props, in a module of their own: the lazily loaded panel reads them without importing its loader. */
export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Optional supporting text under the title, linked with aria-describedby. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row, right-aligned under the content. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Role 'alertdialog' for errors that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  /** Hide the × button (e.g. when the footer already offers Close). */
  hideCloseButton?: boolean;
  className?: string;
}
