import type { ChatMessage } from '@verity/shared';
import { useEffect } from 'react';
import { type ActiveStream, type ComposerDraft, useChatStore } from './chat-store';

/**
 * The mode control shows the mode the latest answer was produced in (a draft example, or an
 * answer the server produced as a draft), once per answer: the person may switch it afterwards.
 */
export function useModeFromLatestAnswer(
  messages: readonly ChatMessage[],
  stream: ActiveStream | null,
  draft: ComposerDraft,
  draftKey: string,
): void {
  const updateDraft = useChatStore((state) => state.updateDraft);
  const latestAnswer = messages.findLast((message) => message.role === 'assistant');
  const latestAnswerId = latestAnswer?.id ?? null;
  const latestAnswerMode = latestAnswer?.mode ?? null;
  useEffect(() => {
    if (!latestAnswerId || !latestAnswerMode || stream || draft.modeFromAnswer === latestAnswerId) return;
    updateDraft(draftKey, { mode: latestAnswerMode, modeFromAnswer: latestAnswerId });
  }, [latestAnswerId, latestAnswerMode, stream, draft.modeFromAnswer, draftKey, updateDraft]);
}
