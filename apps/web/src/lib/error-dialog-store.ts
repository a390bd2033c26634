import type { ClientError } from '@verity/shared';
import { create } from 'zustand';

export type ErrorDialogActionVariant = 'primary' | 'secondary' | 'danger';

/** A custom button that replaces the default 'Contact Support' / 'Close' pair. */
export interface ErrorDialogAction {
  label: string;
  onClick: () => void;
  variant?: ErrorDialogActionVariant;
  /** Close the dialog after onClick runs (default true). */
  closes?: boolean;
}

/** What the error dialog shows (code, title, description, context, request id), plus optional custom actions. */
export interface ErrorDialogPayload {
  code: number;
  title?: string;
  description: string;
  context?: string;
  /** ISO 8601 time the error happened. */
  timestamp: string;
  requestId?: string;
  recoverable: boolean;
  actions?: ErrorDialogAction[];
}

interface ErrorDialogState {
  payload: ErrorDialogPayload | null;
  open: (payload: ErrorDialogPayload) => void;
  close: () => void;
}

export const useErrorDialogStore = create<ErrorDialogState>()((set) => ({
  payload: null,
  open: (payload) => set({ payload }),
  close: () => set({ payload: null }),
}));

export function openErrorDialog(payload: ErrorDialogPayload): void {
  useErrorDialogStore.getState().open(payload);
}

export function closeErrorDialog(): void {
  useErrorDialogStore.getState().close();
}

export function errorDialogPayloadFromClientError(error: ClientError, now: Date = new Date()): ErrorDialogPayload {
  return {
    code: error.code,
    title: error.title,
    description: error.description,
    context: error.context,
    timestamp: now.toISOString(),
    requestId: error.requestId,
    recoverable: error.recoverable,
  };
}
