import { create } from 'zustand';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

interface ToastState {
  toasts: ToastItem[];
  show: (kind: ToastKind, message: string) => number;
  dismiss: (id: number) => void;
}

/** Keep the stack short: a burst of failures should not bury the page. */
const MAX_VISIBLE_TOASTS = 4;
let nextId = 1;

/**
 * The toasts on screen. Radix Toast (in <Toaster/>) times each one out and dismisses it, so this
 * store stays a plain list that any code can add to without loading the renderer.
 */
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (kind, message) => {
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts, { id, kind, message }].slice(-MAX_VISIBLE_TOASTS) }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
}));

/** Callable from anywhere (components, stores, query callbacks); rendered by <Toaster/>. */
export const toast = {
  success: (message: string): number => useToastStore.getState().show('success', message),
  error: (message: string): number => useToastStore.getState().show('error', message),
  info: (message: string): number => useToastStore.getState().show('info', message),
  dismiss: (id: number): void => useToastStore.getState().dismiss(id),
};
