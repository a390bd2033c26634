import type { ChatMessage, Citation } from '@verity/shared';
import { useEffect, useMemo, useState } from 'react';
import type { ActiveStream } from './chat-store';
import { STREAMING_ANSWER } from './message-list';

interface OpenPanel {
  messageId: string;
  /** The citation to show first, or null for the answer's whole list. */
  n: number | null;
}

export interface SourcesPanel {
  panel: OpenPanel | null;
  /** The citations of the answer whose sources are open (the answer being streamed, or the last one once it is stored). */
  citations: Citation[];
  open: (messageId: string, n: number | null) => void;
  close: () => void;
}

/** The sources panel of a conversation: which answer's citations it shows; another conversation opens with it closed. */
export function useSourcesPanel(sessionId: string | null, messages: readonly ChatMessage[], stream: ActiveStream | null): SourcesPanel {
  const [panel, setPanel] = useState<OpenPanel | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the conversation changes.
  useEffect(() => {
    setPanel(null);
  }, [sessionId]);

  const citations = useMemo(() => {
    if (!panel) return [];
    if (panel.messageId === STREAMING_ANSWER) {
      if (stream) return stream.citations;
      return messages.findLast((message) => message.role === 'assistant')?.citations ?? [];
    }
    return messages.find((message) => message.id === panel.messageId)?.citations ?? [];
  }, [panel, stream, messages]);

  return {
    panel,
    citations,
    open: (messageId, n) => setPanel({ messageId, n }),
    close: () => setPanel(null),
  };
}
