import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { RIGHT_PANEL_SIDEBAR, useSidebarOpen, useUiStore } from '../../lib/ui-store';

export const DEFAULT_RIGHT_PANEL_TITLE = 'Onboarding';

export interface RightPanelContextValue {
  isOpen: boolean;
  title: string;
  open: (title?: string) => void;
  close: () => void;
  toggle: () => void;
}

const RightPanelContext = createContext<RightPanelContextValue | null>(null);

export function RightPanelProvider({ children }: { children: ReactNode }) {
  const isOpen = useSidebarOpen(RIGHT_PANEL_SIDEBAR);
  const setSidebarOpen = useUiStore((s) => s.setSidebarOpen);
  const [title, setTitle] = useState(DEFAULT_RIGHT_PANEL_TITLE);

  const value = useMemo<RightPanelContextValue>(
    () => ({
      isOpen,
      title,
      open: (nextTitle) => {
        setTitle(nextTitle ?? DEFAULT_RIGHT_PANEL_TITLE);
        setSidebarOpen(RIGHT_PANEL_SIDEBAR, true);
      },
      close: () => setSidebarOpen(RIGHT_PANEL_SIDEBAR, false),
      toggle: () => setSidebarOpen(RIGHT_PANEL_SIDEBAR, !isOpen),
    }),
    [isOpen, title, setSidebarOpen],
  );
  return <RightPanelContext value={value}>{children}</RightPanelContext>;
}

/** Open, close and title the right-hand panel. Only valid under <RightPanelProvider>. */
export function useRightPanel(): RightPanelContextValue {
  const value = useContext(RightPanelContext);
  if (!value) {
    throw new Error('useRightPanel must be used within a RightPanelProvider. Wrap the layout in <RightPanelProvider>.');
  }
  return value;
}
