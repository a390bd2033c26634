import type { ChatMode } from '@verity/shared';
import { FilePenLine, MessageCircleQuestion } from 'lucide-react';
import { VerityMark } from '../../components/brand/verity-mark';

export interface ExampleQuestion {
  text: string;
  mode: ChatMode;
}

/** Real questions from the library's domain, one of them a draft. */
export const EXAMPLE_QUESTIONS: readonly ExampleQuestion[] = [
  { text: 'How often must fixed electrical installations in a hospital be inspected and who signs off the work?', mode: 'answer' },
  { text: 'What temperatures control Legionella in hot and cold water systems?', mode: 'answer' },
  { text: 'How often must specialised ventilation systems serving operating theatres be inspected?', mode: 'answer' },
  { text: 'Draft the responsibilities section of a water safety policy for a community hospital', mode: 'draft' },
];

export interface ChatEmptyStateProps {
  onAsk: (question: ExampleQuestion) => void;
  disabled?: boolean;
}

/** The start of a conversation: what the assistant does, and questions to begin with. */
export function ChatEmptyState({ onAsk, disabled = false }: ChatEmptyStateProps) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 py-10 text-center sm:py-14">
      <VerityMark className="size-12" />
      <h2 className="mt-4 font-semibold text-2xl text-slate-900 tracking-tight">Ask the regulatory library</h2>
      <p className="mt-2 max-w-xl text-slate-600 leading-7">
        Ask about HTMs, HBNs, legislation and CQC standards in plain English. Every answer is built from the library, cites the passages it
        relies on and says so plainly when the library holds nothing relevant.
      </p>
      <ul aria-label="Example questions" className="mt-8 grid w-full gap-3 text-left sm:grid-cols-2">
        {EXAMPLE_QUESTIONS.map((example) => {
          const Icon = example.mode === 'draft' ? FilePenLine : MessageCircleQuestion;
          return (
            <li key={example.text} className="flex">
              <button
                type="button"
                disabled={disabled}
                onClick={() => onAsk(example)}
                className="focus-ring group flex w-full items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-left shadow-xs transition-colors hover:border-brand-300 hover:bg-brand-50/40 disabled:cursor-not-allowed disabled:opacity-60"
              >
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
                <span className="min-w-0">
                  {example.mode === 'draft' && (
                    <span className="mb-1 block font-semibold text-[0.7rem] text-brand-700 uppercase tracking-wide">Draft</span>
                  )}
                  <span className="block text-slate-800 text-sm leading-6">{example.text}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
