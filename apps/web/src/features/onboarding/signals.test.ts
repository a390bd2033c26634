import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_QUESTION_ASKED_EVENT, DOCUMENT_OPENED_EVENT, WIKI_FILTER_APPLIED_EVENT } from '../../lib/analytics';
import { onboardingProgress } from '../../lib/onboarding-progress';
import { recordStepsFromEvent, recordStepsFromPath } from './signals';

const event = (name: string, properties: Record<string, string | boolean>) => ({ event: name, properties, timestamp: '' });

afterEach(() => localStorage.clear());

describe('steps heard from the tools', () => {
  it('the wiki filter step is done by the HTM domain filter only', () => {
    recordStepsFromEvent(event(WIKI_FILTER_APPLIED_EVENT, { filter: 'category', value: 'HTM' }));
    recordStepsFromEvent(event(WIKI_FILTER_APPLIED_EVENT, { filter: 'domain', value: 'HBN' }));
    expect(onboardingProgress('wiki').has('filter')).toBe(false);
    recordStepsFromEvent(event(WIKI_FILTER_APPLIED_EVENT, { filter: 'domain', value: 'HTM' }));
    expect(onboardingProgress('wiki').has('filter')).toBe(true);
  });

  it('the wiki reading step is done by a document whose code or title holds HTM 06-01, however it is spaced', () => {
    recordStepsFromEvent(event(DOCUMENT_OPENED_EVENT, { code: 'HTM 06-02', title: 'Electrical safety guidance for low voltage systems' }));
    expect(onboardingProgress('wiki').has('search')).toBe(false);
    recordStepsFromEvent(
      event(DOCUMENT_OPENED_EVENT, { code: 'HTM\u00a006\u201101', title: 'Electrical services supply and distribution' }),
    );
    expect(onboardingProgress('wiki').has('search')).toBe(true);
  });

  it('a question asked does the wiki module’s last step', () => {
    recordStepsFromEvent(event(CHAT_QUESTION_ASKED_EVENT, { mode: 'answer', has_attachments: false }));
    expect([...onboardingProgress('wiki')]).toEqual(['chat']);
  });

  it('the write upload step is done when a written document opens at /write/{id}', () => {
    recordStepsFromPath('/write');
    expect(onboardingProgress('write').has('upload')).toBe(false);
    recordStepsFromPath('/write/01JDOC0000000000000000000A');
    expect(onboardingProgress('write').has('upload')).toBe(true);
  });
});
