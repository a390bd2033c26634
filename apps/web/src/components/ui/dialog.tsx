import { useLazyModule } from '../../hooks/use-lazy-module';
import type { DialogProps } from './dialog-types';
import { dialogPanelModule } from './overlay-modules';

export type { DialogProps } from './dialog-types';

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
