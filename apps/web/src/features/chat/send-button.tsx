import { ArrowUp, Square } from 'lucide-react';

/** The composer's submit button: Send, or Stop while an answer streams. */
export function SendButton({ streaming, canSend }: { streaming: boolean; canSend: boolean }) {
  if (streaming) {
    return (
      <button
        type="submit"
        aria-label="Stop generating"
        className="focus-ring inline-flex size-9 items-center justify-center rounded-full bg-slate-800 text-white transition-colors hover:bg-slate-900"
      >
        <Square aria-hidden="true" className="size-3.5 fill-current" />
      </button>
    );
  }
  return (
    <button
      type="submit"
      aria-label="Send"
      disabled={!canSend}
      className="focus-ring inline-flex size-9 items-center justify-center rounded-full bg-brand-700 text-white transition-colors hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300"
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
