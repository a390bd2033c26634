import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forgetOnboardingProgress,
  ONBOARDING_PROGRESS_STORAGE_KEY,
  onboardingProgress,
  recordOnboardingProgress,
} from './onboarding-progress';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('onboarding progress', () => {
  it('starts with nothing done', () => {
    expect(onboardingProgress('write').size).toBe(0);
  });

  it('records each signal once and keeps the order they happened in', () => {
    recordOnboardingProgress('write', 'docx_downloaded');
    recordOnboardingProgress('write', 'sample_downloaded');
    recordOnboardingProgress('write', 'docx_downloaded');
    expect([...onboardingProgress('write')]).toEqual(['docx_downloaded', 'sample_downloaded']);
    expect(JSON.parse(localStorage.getItem(ONBOARDING_PROGRESS_STORAGE_KEY) ?? '')).toEqual({
      write: ['docx_downloaded', 'sample_downloaded'],
    });
  });

  it('keeps each module’s signals apart', () => {
    recordOnboardingProgress('review', 'sample_downloaded');
    recordOnboardingProgress('review', 'errors_inspected');
    expect(onboardingProgress('write').size).toBe(0);
    expect([...onboardingProgress('review')]).toEqual(['sample_downloaded', 'errors_inspected']);
    recordOnboardingProgress('write', 'sample_downloaded');
    expect(JSON.parse(localStorage.getItem(ONBOARDING_PROGRESS_STORAGE_KEY) ?? '')).toEqual({
      review: ['sample_downloaded', 'errors_inspected'],
      write: ['sample_downloaded'],
    });
  });

  it('reads damaged or foreign storage as nothing done, and ignores signals the module does not have', () => {
    localStorage.setItem(ONBOARDING_PROGRESS_STORAGE_KEY, '{not json');
    expect(onboardingProgress('write').size).toBe(0);
    localStorage.setItem(ONBOARDING_PROGRESS_STORAGE_KEY, JSON.stringify({ write: ['document_edited', 'made_up', 7] }));
    expect([...onboardingProgress('write')]).toEqual(['document_edited']);
    localStorage.setItem(ONBOARDING_PROGRESS_STORAGE_KEY, JSON.stringify(['write']));
    expect(onboardingProgress('write').size).toBe(0);
  });

  it('records nothing, without throwing, when storage refuses to write', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => recordOnboardingProgress('write', 'document_edited')).not.toThrow();
    expect(onboardingProgress('write').size).toBe(0);
  });

  it('forgets one step, or all of a module, leaving the other modules alone', () => {
    recordOnboardingProgress('wiki', 'tour');
    recordOnboardingProgress('wiki', 'filter');
    recordOnboardingProgress('chat', 'tour');
    forgetOnboardingProgress('wiki', 'tour');
    expect([...onboardingProgress('wiki')]).toEqual(['filter']);
    forgetOnboardingProgress('wiki');
    expect(onboardingProgress('wiki').size).toBe(0);
    expect([...onboardingProgress('chat')]).toEqual(['tour']);
  });
});
