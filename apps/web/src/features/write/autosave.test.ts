import type { SaveWriteContentResponse, WriteContent } from '@verity/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_FAILURE_STATUS } from '../../lib/api-client';
import { apiError } from '../../test/fixtures';
import { AUTOSAVE_DEBOUNCE_MS, type Autosaver, CONFLICT_MESSAGE, createAutosaver, retryDelay } from './autosave';

const doc = (words: string): WriteContent => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] });
const saved = (version: number): SaveWriteContentResponse => ({ version, updated_at: '2026-03-20T10:00:00.000Z' });
const networkFailure = () => apiError(NETWORK_FAILURE_STATUS, { message: '' });

interface Harness {
  saver: Autosaver;
  save: ReturnType<typeof vi.fn>;
  statuses: string[];
}

function harness(answers: Array<SaveWriteContentResponse | Error>, version = 4): Harness {
  const save = vi.fn(async () => {
    const answer = answers.shift();
    if (!answer) throw new Error('no answer left');
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const saver = createAutosaver({ version, save });
  const statuses: string[] = [];
  saver.subscribe(() => statuses.push(saver.getState().status));
  return { saver, save, statuses };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('autosave', () => {
  it('waits for a pause in typing, then saves the newest document once with the version it was made from', async () => {
    const { saver, save, statuses } = harness([saved(5), saved(6)]);
    saver.change(doc('a'));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS - 100);
    saver.change(doc('ab'));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS - 100);
    expect(save).not.toHaveBeenCalled();
    expect(saver.hasUnsavedChanges()).toBe(true);

    await vi.advanceTimersByTimeAsync(100);
    expect(save).toHaveBeenCalledExactlyOnceWith({ content: doc('ab'), version: 4 });
    expect(saver.getState()).toEqual({ status: 'saved', message: null });
    expect(saver.hasUnsavedChanges()).toBe(false);

    // The next save names the version the server gave the last one.
    saver.change(doc('abc'));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenLastCalledWith({ content: doc('abc'), version: 5 });
    expect(statuses).toEqual(['pending', 'saving', 'saved', 'pending', 'saving', 'saved']);
  });

  it('saves again after a save in flight when something changed meanwhile', async () => {
    let finish: (value: SaveWriteContentResponse) => void = () => {};
    const save = vi.fn(
      () =>
        new Promise<SaveWriteContentResponse>((resolve) => {
          finish = resolve;
        }),
    );
    const saver = createAutosaver({ version: 1, save });
    saver.change(doc('one'));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    saver.change(doc('two'));
    expect(saver.getState().status).toBe('saving');
    finish(saved(2));
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.getState().status).toBe('pending');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenLastCalledWith({ content: doc('two'), version: 2 });
    finish(saved(3));
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.getState().status).toBe('saved');
  });

  it('offline: says so, retries ever more slowly with the newest text, and at once when the browser is back online', async () => {
    const { saver, save } = harness([networkFailure(), networkFailure(), networkFailure(), saved(5)]);
    saver.change(doc('first'));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(saver.getState()).toEqual({ status: 'offline', message: null });

    // Typing while offline keeps waiting for the retry, which sends the newest text.
    saver.change(doc('second'));
    expect(saver.getState().status).toBe('offline');
    await vi.advanceTimersByTimeAsync(retryDelay(0));
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ content: doc('second'), version: 4 });

    await vi.advanceTimersByTimeAsync(retryDelay(1) - 1);
    expect(save).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(3);

    saver.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(4);
    expect(saver.getState().status).toBe('saved');
    expect(retryDelay(10)).toBe(30_000);
  });

  it('a server failure is retried too, said differently', async () => {
    const { saver, save } = harness([apiError(503, { message: 'Service unavailable' }), saved(5)]);
    saver.change(doc('x'));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(saver.getState().status).toBe('retrying');
    await vi.advanceTimersByTimeAsync(retryDelay(0));
    expect(save).toHaveBeenCalledTimes(2);
    expect(saver.getState().status).toBe('saved');
  });

  it('409: stops saving, keeps the server’s message, and ignores later changes', async () => {
    const message = 'This document was saved from elsewhere. Reload it to see the latest version.';
    const { saver, save } = harness([apiError(409, { message })]);
    saver.change(doc('mine'));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(saver.getState()).toEqual({ status: 'conflict', message });

    saver.change(doc('more of mine'));
    saver.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(saver.getState().status).toBe('conflict');
    expect(saver.hasUnsavedChanges()).toBe(true);
    await expect(saver.settle()).resolves.toBe(false);
  });

  it('409 without a message explains itself', async () => {
    const { saver } = harness([apiError(409, { message: '' })]);
    saver.change(doc('mine'));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(saver.getState()).toEqual({ status: 'conflict', message: CONFLICT_MESSAGE });
  });

  it('a refusal retrying cannot fix is shown and not retried; the next change tries again', async () => {
    const { saver, save } = harness([apiError(413, { message: 'The document is too large to save.' }), saved(5)]);
    saver.change(doc('huge'));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(saver.getState()).toEqual({ status: 'failed', message: 'The document is too large to save.' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(1);

    saver.change(doc('smaller'));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenLastCalledWith({ content: doc('smaller'), version: 4 });
    expect(saver.getState().status).toBe('saved');
  });

  it('flush and settle save at once, without the pause; settle says whether everything is on the server', async () => {
    const { saver, save } = harness([saved(5), networkFailure()]);
    saver.change(doc('before download'));
    const settled = saver.settle();
    expect(save).toHaveBeenCalledOnce();
    await expect(settled).resolves.toBe(true);

    saver.change(doc('offline now'));
    await expect(saver.settle()).resolves.toBe(false);
    expect(saver.getState().status).toBe('offline');
  });

  it('after dispose nothing more is saved or reported', async () => {
    const { saver, save, statuses } = harness([saved(5)]);
    saver.change(doc('typed'));
    saver.dispose();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS * 2);
    expect(save).not.toHaveBeenCalled();
    expect(statuses).toEqual(['pending']);
  });
});
