import { create } from 'zustand';

/** The legacy chat sidebar keeps its historical key. */
export const CHAT_SIDEBAR = 'chat';
/** The right-hand onboarding panel. */
export const RIGHT_PANEL_SIDEBAR = 'right-panel';

interface UiState {
  mobileMenuOpen: boolean;
  /** Additional sidebars keyed by name. */
  sidebars: Record<string, boolean>;
  notificationsOpen: boolean;
  setMobileMenuOpen: (open: boolean) => void;
  toggleMobileMenu: () => void;
  setSidebarOpen: (name: string, open: boolean) => void;
  toggleSidebar: (name: string) => void;
  setNotificationsOpen: (open: boolean) => void;
}

export const useUiStore = create<UiState>()((set) => ({
  mobileMenuOpen: false,
  sidebars: { [CHAT_SIDEBAR]: false },
  notificationsOpen: false,
  setMobileMenuOpen: (open) => set({ mobileMenuOpen: open }),
  toggleMobileMenu: () => set((s) => ({ mobileMenuOpen: !s.mobileMenuOpen })),
  setSidebarOpen: (name, open) => set((s) => ({ sidebars: { ...s.sidebars, [name]: open } })),
  toggleSidebar: (name) => set((s) => ({ sidebars: { ...s.sidebars, [name]: !s.sidebars[name] } })),
  setNotificationsOpen: (open) => set({ notificationsOpen: open }),
}));

export function useSidebarOpen(name: string): boolean {
  return useUiStore((s) => s.sidebars[name] === true);
}
