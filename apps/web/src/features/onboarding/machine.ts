/**
 * One onboarding module's checklist as a state machine (SPEC §4 "Onboarding"): each step is
 * incomplete, active ("loading": the one being worked on) or complete, and at most one step is
 * active. Pure functions over `{ steps, done, active }`, so every transition is tested without a
 * page.
 */

export type StepStatus = 'incomplete' | 'active' | 'complete';

export interface ChecklistState<S extends string = string> {
  /** The module's steps in order. */
  steps: readonly S[];
  done: ReadonlySet<S>;
  /** The step being worked on, or null when none is (every step done, or the last one skipped). */
  active: S | null;
}

export function stepStatus<S extends string>(state: ChecklistState<S>, step: S): StepStatus {
  if (state.done.has(step)) return 'complete';
  return state.active === step ? 'active' : 'incomplete';
}

/** The first incomplete step after `from` (wrapping round), other than `from` itself. */
function nextIncomplete<S extends string>(steps: readonly S[], done: ReadonlySet<S>, from: S | null): S | null {
  const start = from === null ? -1 : steps.indexOf(from);
  for (let offset = 1; offset <= steps.length; offset += 1) {
    const step = steps[(start + offset) % steps.length] as S;
    if (step !== from && !done.has(step)) return step;
  }
  return null;
}

/** A module opened: what is already done counts, and the first step left is active. */
export function openChecklist<S extends string>(steps: readonly S[], done: Iterable<S>): ChecklistState<S> {
  const doneSet = new Set([...done].filter((step) => steps.includes(step)));
  return { steps, done: doneSet, active: steps.find((step) => !doneSet.has(step)) ?? null };
}

/**
 * Steps found done (a tour finished, a button pressed, what the tools recorded): they complete,
 * and when the active step is among them the next step left becomes active.
 */
export function completeSteps<S extends string>(state: ChecklistState<S>, completed: Iterable<S>): ChecklistState<S> {
  const added = [...completed].filter((step) => state.steps.includes(step) && !state.done.has(step));
  if (added.length === 0) return state;
  const done = new Set([...state.done, ...added]);
  const active = state.active !== null && done.has(state.active) ? nextIncomplete(state.steps, done, state.active) : state.active;
  return { ...state, done, active };
}

/** 'Skip Step': the active step stops being active, unfinished, and the next unfinished one starts. */
export function skipStep<S extends string>(state: ChecklistState<S>): ChecklistState<S> {
  if (state.active === null) return state;
  return { ...state, active: nextIncomplete(state.steps, state.done, state.active) };
}

/** A step's title clicked: an unfinished step becomes the active one (a finished one stays finished). */
export function activateStep<S extends string>(state: ChecklistState<S>, step: S): ChecklistState<S> {
  if (!state.steps.includes(step) || state.done.has(step) || state.active === step) return state;
  return { ...state, active: step };
}

/** A step to do again (the tour): unfinished and active. */
export function resetStep<S extends string>(state: ChecklistState<S>, step: S): ChecklistState<S> {
  if (!state.steps.includes(step)) return state;
  const done = new Set(state.done);
  done.delete(step);
  return { ...state, done, active: step };
}

/** Every step done: 'Mark as complete' is offered. */
export function isChecklistComplete(state: ChecklistState): boolean {
  return state.steps.every((step) => state.done.has(step));
}

/** The overview's figures: 'N of M completed' and the bar's rounded percentage. */
export function overviewProgress(completed: number, total: number): { label: string; percent: number } {
  const percent = total === 0 ? 0 : Math.round((completed / total) * 100);
  return { label: `${completed} of ${total} completed`, percent };
}
