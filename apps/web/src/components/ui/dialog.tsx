import type { ReactNode } from 'react';
import { useLazyModule } from '../../hooks/use-lazy-module';
import { dialogPanelModule } from './overlay-modules';

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

/**
 * A modal dialog: focus is trapped inside and returns to the opener, Escape and a click outside
 * close it, the page does not scroll. A control marked `data-autofocus` gets the first focus.
 */
export function Dialog(props: DialogProps) {
  const module = useLazyModule(dialogPanelModule, props.open);
  if (!props.open || !module) return null;
  const { DialogPanel } = module;
  return <DialogPanel {...props} />;
}
