import { useState } from 'react';
import { useLazyModule } from '../../hooks/use-lazy-module';
import { toastViewportModule } from './overlay-modules';
import { useToastStore } from './toast';

/** Renders the toasts raised with `toast.*()`, top-right, newest last. */
export function Toaster() {
  const hasToasts = useToastStore((s) => s.toasts.length > 0);
  // Once shown, the viewport stays: it is where focus goes when a focused toast closes.
  const [needed, setNeeded] = useState(false);
  if (hasToasts && !needed) setNeeded(true);
  const module = useLazyModule(toastViewportModule, needed);
  if (!needed || !module) return null;
  const { ToastViewport } = module;
  return <ToastViewport />;
}
