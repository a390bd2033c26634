import type { ChatFeedbackRating, ChatSessionDetail } from '@verity/shared';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '../../components/ui/toast';
import { mockApi, type RecordedCall } from '../../test/mock-api';
import { chatSessionQueryOptions } from './api';
import { FeedbackControl } from './feedback-control';
import { buildChatMessage, TEST_NOW } from './test-messages';

const SESSION_ID = '01JCHATSESSION000000000009';
const answer = buildChatMessage('assistant');
const FEEDBACK_PATH = `/api/chat/sessions/${SESSION_ID}/messages/${answer.id}/feedback`;

/** The answer as the conversation's cache holds it, so a saved rating shows as it does in the chat. */
function RatedAnswer() {
  const { data } = useQuery({ ...chatSessionQueryOptions(SESSION_ID), staleTime: Number.POSITIVE_INFINITY });
  const message = data?.messages[0];
  return message ? <FeedbackControl sessionId={SESSION_ID} message={message} /> : null;
}

function setup(): RecordedCall[] {
  const calls = mockApi({
    [`POST ${FEEDBACK_PATH}`]: ({ body }: { body: unknown }) => {
      const { rating, comment } = body as { rating: ChatFeedbackRating | null; comment?: string };
      // Wrapped: a message's own `status` would read as the response's.
      return { body: { ...answer, feedback: rating, feedback_comment: comment ?? null } };
    },
  });
  const client = new QueryClient();
  const detail: ChatSessionDetail = {
    id: SESSION_ID,
    title: 'Inspections',
    created_at: TEST_NOW,
    updated_at: TEST_NOW,
    last_message_at: TEST_NOW,
    shared_at: null,
    messages: [answer],
  };
  client.setQueryData(chatSessionQueryOptions(SESSION_ID).queryKey, detail);
  render(
    <QueryClientProvider client={client}>
      <RatedAnswer />
      <button type="button">Elsewhere</button>
    </QueryClientProvider>,
  );
  return calls;
}

const feedbackBodies = (calls: RecordedCall[]) => calls.filter((call) => call.path === FEEDBACK_PATH).map((call) => call.body);
const toastMessages = () => useToastStore.getState().toasts.map((item) => item.message);

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
});

describe('FeedbackControl', () => {
  it('saves a rating at once, then offers a comment box that takes focus and sends the comment', async () => {
    const user = userEvent.setup();
    const calls = setup();
    await user.click(screen.getByRole('button', { name: 'Helpful' }));

    const box = await screen.findByRole('dialog', { name: 'Comment on this answer' });
    expect(feedbackBodies(calls)).toEqual([{ rating: 'up' }]);
    expect(screen.getByRole('button', { name: 'Helpful (selected; press again to withdraw)' }).getAttribute('aria-pressed')).toBe('true');
    const field = screen.getByLabelText(/What was helpful\?/);
    expect(box.contains(field)).toBe(true);
    expect(document.activeElement).toBe(field);

    await user.type(field, '  Clear and cited.  ');
    await user.click(screen.getByRole('button', { name: 'Send comment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(feedbackBodies(calls)).toEqual([{ rating: 'up' }, { rating: 'up', comment: 'Clear and cited.' }]);
    expect(toastMessages()).toContain('Thank you for your feedback');
  });

  it('asks what was wrong after a thumbs down, and closes with Escape, focus back on the rating', async () => {
    const user = userEvent.setup();
    const calls = setup();
    await user.click(screen.getByRole('button', { name: 'Not helpful' }));
    await screen.findByRole('dialog', { name: 'Comment on this answer' });
    await user.type(screen.getByLabelText(/What was wrong or missing\?/), 'Missing the ACoP');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Not helpful \(selected/ })));
    expect(feedbackBodies(calls)).toEqual([{ rating: 'down' }]);
  });

  it('closes without sending on Skip, on an empty comment, and on a click elsewhere', async () => {
    const user = userEvent.setup();
    const calls = setup();
    const helpful = screen.getByRole('button', { name: 'Helpful' });

    await user.click(helpful);
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // The selected thumb again withdraws the rating; choosing it anew opens an empty box.
    await user.click(screen.getByRole('button', { name: /^Helpful \(selected/ }));
    await waitFor(() => expect(toastMessages()).toContain('Feedback withdrawn'));
    await user.click(screen.getByRole('button', { name: 'Helpful' }));
    const field = await screen.findByLabelText(/What was helpful\?/);
    expect(field).toHaveProperty('value', '');
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Send comment' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Not helpful' }));
    await screen.findByRole('dialog', { name: 'Comment on this answer' });
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));

    expect(feedbackBodies(calls)).toEqual([{ rating: 'up' }, { rating: null }, { rating: 'up' }, { rating: 'down' }]);
  });
});
