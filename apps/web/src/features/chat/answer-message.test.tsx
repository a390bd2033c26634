import type { ChatMessage } from '@verity/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AnswerMessage } from './answer-message';
import { engineLabel } from './engine-badge';
import { buildChatMessage, buildCitation } from './test-messages';

function answer(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return buildChatMessage('assistant', {
    id: '01JANSWER00000000000000001',
    content: 'Inspect fixed installations every five years [1].',
    citations: [buildCitation({ element_ids: ['e1'], quote: 'At least every five years.' })],
    ...overrides,
  });
}

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

function renderAnswer(message: ChatMessage, isLast = true) {
  const onRegenerate = vi.fn();
  const onOpenSources = vi.fn();
  render(
    <AnswerMessage
      sessionId="S"
      message={message}
      busy={false}
      isLast={isLast}
      onRegenerate={onRegenerate}
      onOpenSources={onOpenSources}
    />,
    { wrapper },
  );
  return { onRegenerate, onOpenSources };
}

describe('AnswerMessage', () => {
  it('offers copy, regenerate, sources and feedback on a complete answer, with its engine', () => {
    const { onRegenerate, onOpenSources } = renderAnswer(answer());
    expect(screen.queryByText('Stopped')).toBeNull();
    expect(screen.getByText('Built-in engine')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(onRegenerate).toHaveBeenCalledWith('01JANSWER00000000000000001');
    fireEvent.click(screen.getByRole('button', { name: 'Sources (1)' }));
    expect(onOpenSources).toHaveBeenCalledWith('01JANSWER00000000000000001', null);
    expect(screen.getByRole('button', { name: 'Helpful' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('marks a stopped answer and keeps its partial text', () => {
    renderAnswer(answer({ status: 'stopped', content: 'Inspect fixed', citations: [] }));
    expect(screen.getByText('Stopped')).toBeTruthy();
    expect(screen.getByText('Inspect fixed')).toBeTruthy();
  });

  it('shows a failed answer as an error with Regenerate, even when it is not the latest', () => {
    const { onRegenerate } = renderAnswer(answer({ status: 'error', content: '', citations: [] }), false);
    expect(screen.getByRole('alert').textContent).toContain('The answer could not be completed');
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(onRegenerate).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });

  it('offers no Regenerate on an earlier complete answer', () => {
    renderAnswer(answer(), false);
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
  });
});

describe('engine labels', () => {
  it('names the built-in engine and providers for people', () => {
    expect(engineLabel('builtin')).toBe('Built-in engine');
    expect(engineLabel('provider:openai:gpt-4o')).toBe('OpenAI · gpt-4o');
    expect(engineLabel('provider:anthropic:claude-sonnet-4')).toBe('Anthropic · claude-sonnet-4');
    expect(engineLabel('provider:openai-compatible:llama3:8b')).toBe('OpenAI-compatible · llama3:8b');
  });
});
