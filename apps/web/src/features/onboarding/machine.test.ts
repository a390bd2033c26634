import { describe, expect, it } from 'vitest';
import {
  activateStep,
  completeSteps,
  isChecklistComplete,
  openChecklist,
  overviewProgress,
  resetStep,
  skipStep,
  stepStatus,
} from './machine';

const STEPS = ['tour', 'question', 'draft', 'file'] as const;
const statuses = (state: ReturnType<typeof openChecklist<(typeof STEPS)[number]>>) => STEPS.map((step) => stepStatus(state, step));

describe('a module checklist', () => {
  it('opens with the first step left active and what was done already complete', () => {
    expect(statuses(openChecklist(STEPS, []))).toEqual(['active', 'incomplete', 'incomplete', 'incomplete']);
    expect(statuses(openChecklist(STEPS, ['tour', 'draft']))).toEqual(['complete', 'active', 'complete', 'incomplete']);
    expect(openChecklist(STEPS, STEPS).active).toBeNull();
  });

  it('ignores recorded steps the module does not have', () => {
    expect(openChecklist(STEPS, ['tour', 'made_up' as never]).done).toEqual(new Set(['tour']));
  });

  it('completing the active step activates the next incomplete one, wrapping round', () => {
    let state = openChecklist(STEPS, ['draft']);
    state = completeSteps(state, ['tour']);
    expect(state.active).toBe('question');
    state = completeSteps(state, ['question']);
    expect(state.active).toBe('file');
    state = activateStep(completeSteps(openChecklist(STEPS, []), []), 'file');
    state = completeSteps(state, ['file']);
    expect(state.active).toBe('tour');
  });

  it('completing another step leaves the active one active; completing nothing new returns the same state', () => {
    const state = openChecklist(STEPS, []);
    const next = completeSteps(state, ['draft']);
    expect(next.active).toBe('tour');
    expect(stepStatus(next, 'draft')).toBe('complete');
    expect(completeSteps(next, ['draft'])).toBe(next);
  });

  it('only one step is ever active', () => {
    let state = openChecklist(STEPS, []);
    for (const action of [() => skipStep(state), () => activateStep(state, 'file'), () => completeSteps(state, ['file'])]) {
      state = action();
      expect(statuses(state).filter((status) => status === 'active').length).toBeLessThanOrEqual(1);
    }
  });

  it("'Skip Step' deactivates the active step without completing it and activates the next incomplete one", () => {
    let state = openChecklist(STEPS, ['question']);
    state = skipStep(state);
    expect(statuses(state)).toEqual(['incomplete', 'complete', 'active', 'incomplete']);
    state = skipStep(skipStep(state));
    // Wrapped round past the completed step to the skipped first one.
    expect(state.active).toBe('tour');
    expect(isChecklistComplete(state)).toBe(false);
  });

  it('skipping the only step left leaves none active', () => {
    const state = skipStep(openChecklist(STEPS, ['tour', 'question', 'draft']));
    expect(state.active).toBeNull();
    expect(skipStep(state)).toBe(state);
  });

  it("clicking a step's title activates it; a completed step stays completed", () => {
    let state = openChecklist(STEPS, ['draft']);
    state = activateStep(state, 'file');
    expect(statuses(state)).toEqual(['incomplete', 'incomplete', 'complete', 'active']);
    expect(activateStep(state, 'draft')).toBe(state);
  });

  it('the tour step can be reset: incomplete work again, and active', () => {
    let state = openChecklist(STEPS, ['tour', 'question']);
    state = resetStep(state, 'tour');
    expect(statuses(state)).toEqual(['active', 'complete', 'incomplete', 'incomplete']);
  });

  it("offers 'Mark as complete' only when every step is complete", () => {
    expect(isChecklistComplete(openChecklist(STEPS, ['tour', 'question', 'draft']))).toBe(false);
    expect(isChecklistComplete(openChecklist(STEPS, STEPS))).toBe(true);
  });
});

describe('the overview', () => {
  it("says 'N of M completed' with the rounded percentage", () => {
    expect(overviewProgress(0, 5)).toEqual({ label: '0 of 5 completed', percent: 0 });
    expect(overviewProgress(1, 6)).toEqual({ label: '1 of 6 completed', percent: 17 });
    expect(overviewProgress(2, 3)).toEqual({ label: '2 of 3 completed', percent: 67 });
    expect(overviewProgress(5, 5)).toEqual({ label: '5 of 5 completed', percent: 100 });
    expect(overviewProgress(0, 0).percent).toBe(0);
  });
});
