import { useEffect, useId, useState } from 'react';

export interface ScopePanelState {
  open: boolean;
  toggle: () => void;
  /** The Scope button's id and the panel's, which tie them together. */
  buttonId: string;
  panelId: string;
}

/**
 * Whether the scope of the next question is open. Escape closes it (a picker's own list, when
 * open, takes the Escape first), and focus that was inside it goes back to the Scope button.
 */
export function useScopePanel(): ScopePanelState {
  const [open, setOpen] = useState(false);
  const buttonId = useId();
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const panel = document.getElementById(panelId);
      const focusInside = panel?.contains(document.activeElement) ?? false;
      setOpen(false);
      if (focusInside) document.getElementById(buttonId)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, buttonId, panelId]);

  return { open, toggle: () => setOpen((current) => !current), buttonId, panelId };
}
