import { ONBOARDING_MODULES } from '@verity/shared';
import { describe, expect, it } from 'vitest';
import { ONBOARDING_STEPS } from '../../lib/onboarding-progress';
import { GUIDES, guideSteps } from './guide';
import { pollIntervalFor } from './onboarding-provider';

// Every component's source, to check that each tour stop points at an element a page really marks.
const sources = Object.values(import.meta.glob<string>('../../**/*.tsx', { query: '?raw', import: 'default', eager: true })).join('\n');

describe('the guide', () => {
  it('has a guide for every module, with every step described', () => {
    for (const module of ONBOARDING_MODULES) {
      const steps = guideSteps(module.key);
      expect(steps.map(({ id }) => id)).toEqual([...ONBOARDING_STEPS[module.key]]);
      for (const { step } of steps) expect(step.description.length).toBeGreaterThan(20);
    }
  });

  it("every tour stop's target is marked with data-tour on a page", () => {
    for (const [module, guide] of Object.entries(GUIDES)) {
      expect(guide.tour.length, module).toBeGreaterThan(0);
      for (const stop of guide.tour) expect(sources, `${module}: ${stop.target}`).toContain(`data-tour="${stop.target}"`);
    }
  });

  it('each module begins with its tour, and the review module is polled faster than 500 ms', () => {
    for (const module of ONBOARDING_MODULES) expect(ONBOARDING_STEPS[module.key][0]).toBe('tour');
    expect(pollIntervalFor('review')).toBeGreaterThanOrEqual(400);
    expect(pollIntervalFor('review')).toBeLessThan(500);
    for (const module of ONBOARDING_MODULES) expect(pollIntervalFor(module.key)).toBeLessThanOrEqual(500);
  });
});
