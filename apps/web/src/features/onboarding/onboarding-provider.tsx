import {
  accountEndpoints,
  ONBOARDING_MODULES,
  type OnboardingModule,
  type OnboardingModuleKey,
  onboardingModulesFor,
} from '@verity/shared';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRightPanel } from '../../components/ui/right-panel-context';
import { onTracked } from '../../lib/analytics';
import { ONBOARDING_POLL_MS, ONBOARDING_REVIEW_POLL_MS } from '../../lib/constants';
import { api } from '../../lib/api-client';
import { clearOnboardingRequest, pendingOnboardingRequest, withoutOnboardingParameter } from '../../lib/onboarding-request';
import { useAuthStore } from '../../lib/auth-store';
import {
  type AnyOnboardingStep,
  forgetOnboardingProgress,
  ONBOARDING_STEPS,
  onboardingProgress,
  recordOnboardingProgress,
} from '../../lib/onboarding-progress';
import { activateStep, type ChecklistState, completeSteps, isChecklistComplete, openChecklist, resetStep, skipStep } from './machine';
import { openingReason } from './opening';
import { recordStepsFromEvent, recordStepsFromPath } from './signals';
import { dismissOnboarding, isOnboardingDismissed, storeCompletedModules, storedCompletedModules } from './storage';

/** How often a module's recorded steps are re-read while it is open: the review module's faster (SPEC: 400–500 ms). */
export function pollIntervalFor(module: OnboardingModuleKey): number {
  return module === 'review' ? ONBOARDING_REVIEW_POLL_MS : ONBOARDING_POLL_MS;
}

/** How long a tour started from another page waits for that page to draw what it points at. */
const TOUR_TARGET_WAIT_MS = 3_000;

/** Resolves once an element marked with the target exists, or after the wait. */
async function targetDrawn(target: string | undefined): Promise<void> {
  const deadline = Date.now() + TOUR_TARGET_WAIT_MS;
  while (target && !document.querySelector(`[data-tour="${target}"]`) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Below this width the panel covers the page, so it steps aside while a tour runs. */
const PANEL_BESIDE_PAGE_QUERY = '(min-width: 768px)';

export interface OnboardingContextValue {
  /** The modules this person is shown, in order. */
  modules: readonly OnboardingModule[];
  completed: ReadonlySet<OnboardingModuleKey>;
  /** The module open in the panel, or null on the overview. */
  current: OnboardingModule | null;
  checklist: ChecklistState<AnyOnboardingStep> | null;
  tourRunning: boolean;
  /** Open the panel (on the overview, or on a module). */
  openGuide: (module?: OnboardingModuleKey) => void;
  openModule: (module: OnboardingModuleKey) => void;
  backToModules: () => void;
  activate: (step: AnyOnboardingStep) => void;
  skip: () => void;
  /** A step done: a 'confirm' step's button, the dashboard answer. */
  completeStep: (step: AnyOnboardingStep) => void;
  startTour: () => void;
  resetTour: () => void;
  /** 'Mark as complete': the module is done, here and on the account, and the panel closes. */
  markComplete: () => void;
}

const OnboardingContext = createContext<OnboardingContextValue | null>(null);

/** Mirror this device's completed modules to the account; the answer is the account's union. */
async function mirrorToAccount(modules: readonly OnboardingModuleKey[]): Promise<void> {
  try {
    const user = await api(accountEndpoints.onboarding, { body: { completed_modules: [...modules] } }, { background: true });
    useAuthStore.getState().setUser(user);
    storeCompletedModules(user.user_id, user.onboarding_modules);
  } catch {
    // Offline or refused: this device keeps its progress and mirrors it at the next change.
  }
}

function moduleFor(key: OnboardingModuleKey): OnboardingModule {
  return ONBOARDING_MODULES.find((module) => module.key === key) as OnboardingModule;
}

function isOnModulePage(pathname: string, module: OnboardingModule): boolean {
  return pathname === module.route || pathname.startsWith(`${module.route}/`);
}

export function OnboardingProvider({ children }: { children: ReactNode }) {
  const panel = useRightPanel();
  const navigate = useNavigate();
  const location = useLocation();
  const initialised = useAuthStore((s) => s.initialised);
  const authenticated = useAuthStore((s) => s.authenticated);
  const user = useAuthStore((s) => s.user);
  const userId = user?.user_id ?? null;

  const [completed, setCompleted] = useState<ReadonlySet<OnboardingModuleKey>>(new Set());
  const [currentKey, setCurrentKey] = useState<OnboardingModuleKey | null>(null);
  const [checklist, setChecklist] = useState<ChecklistState<AnyOnboardingStep> | null>(null);
  const [tourRunning, setTourRunning] = useState(false);

  // The account's modules and this device's, together; this device's extra ones go to the account.
  const accountModules = user?.onboarding_modules;
  useEffect(() => {
    if (!userId || !accountModules) {
      setCompleted(new Set());
      return;
    }
    const local = storedCompletedModules(userId);
    const union = new Set([...accountModules, ...local]);
    setCompleted(union);
    storeCompletedModules(userId, [...union]);
    if (local.some((key) => !accountModules.includes(key))) void mirrorToAccount(local);
  }, [userId, accountModules]);

  // The opening rules, once per sign-in, and again whenever the URL asks: onboarding=true is
  // removed from the address as it is read.
  const openedFor = useRef<string | null>(null);
  const { open: openPanel } = panel;
  useEffect(() => {
    if (!initialised || !authenticated || !userId) return;
    const { requested, search } = withoutOnboardingParameter(location.search);
    if (requested) navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true });
    const firstLook = openedFor.current !== userId;
    if (!firstLook && !requested) return;
    openedFor.current = userId;
    const requestedAt = firstLook ? pendingOnboardingRequest() : null;
    if (firstLook) clearOnboardingRequest();
    const dismissed = isOnboardingDismissed(userId);
    if (openingReason({ initialised, authenticated, user, urlRequested: requested, requestedAt, dismissed, now: Date.now() })) openPanel();
  }, [initialised, authenticated, user, userId, location.search, location.pathname, location.hash, navigate, openPanel]);

  // Closed by the person before finishing: it does not open by itself again in this tab.
  const wasOpen = useRef(panel.isOpen);
  useEffect(() => {
    if (wasOpen.current && !panel.isOpen && userId && !user?.onboarding_complete && !tourRunning) dismissOnboarding(userId);
    wasOpen.current = panel.isOpen;
  }, [panel.isOpen, userId, user?.onboarding_complete, tourRunning]);

  // What the person does in the tools, heard whether or not the guide is open.
  useEffect(() => onTracked(recordStepsFromEvent), []);
  useEffect(() => recordStepsFromPath(location.pathname), [location.pathname]);

  // While a module is open, what the tools recorded is re-read (every 400–500 ms).
  useEffect(() => {
    if (!currentKey || !panel.isOpen) return;
    const read = () => setChecklist((state) => (state ? completeSteps(state, onboardingProgress(currentKey)) : state));
    read();
    const timer = setInterval(read, pollIntervalFor(currentKey));
    return () => clearInterval(timer);
  }, [currentKey, panel.isOpen]);

  const openModule = useCallback(
    (key: OnboardingModuleKey) => {
      setCurrentKey(key);
      setChecklist(openChecklist(ONBOARDING_STEPS[key] as readonly AnyOnboardingStep[], onboardingProgress(key)));
      const module = moduleFor(key);
      if (!isOnModulePage(location.pathname, module)) navigate(module.route);
    },
    [location.pathname, navigate],
  );

  const completeStep = useCallback(
    (step: AnyOnboardingStep) => {
      if (!currentKey) return;
      recordOnboardingProgress(currentKey, step as never);
      setChecklist((state) => (state ? completeSteps(state, [step]) : state));
    },
    [currentKey],
  );

  // The tour and its text load when a tour starts; on another page, once that page has drawn
  // what the tour points at first.
  const beginTour = useCallback(async () => {
    if (!currentKey) return;
    const key = currentKey;
    const besidePage = window.matchMedia(PANEL_BESIDE_PAGE_QUERY).matches;
    setTourRunning(true);
    const [{ GUIDES }, { runTour }] = await Promise.all([import('./guide'), import('./tour')]);
    const { tour } = GUIDES[key];
    await targetDrawn(tour[0]?.target);
    if (!besidePage) panel.close();
    await runTour(tour, (finished) => {
      setTourRunning(false);
      if (finished) {
        recordOnboardingProgress(key, 'tour');
        setChecklist((state) => (state ? completeSteps(state, ['tour']) : state));
      }
      if (!besidePage) panel.open();
    });
  }, [currentKey, panel]);

  const value = useMemo<OnboardingContextValue>(() => {
    const modules = onboardingModulesFor(user?.account_roles ?? []);
    const current = currentKey ? moduleFor(currentKey) : null;
    return {
      modules,
      completed,
      current,
      checklist,
      tourRunning,
      openGuide: (key) => {
        panel.open();
        if (key) openModule(key);
      },
      openModule,
      backToModules: () => {
        setCurrentKey(null);
        setChecklist(null);
      },
      activate: (step) => setChecklist((state) => (state ? activateStep(state, step) : state)),
      skip: () => setChecklist((state) => (state ? skipStep(state) : state)),
      completeStep,
      startTour: () => {
        if (!current) return;
        if (!isOnModulePage(location.pathname, current)) navigate(current.route);
        void beginTour();
      },
      resetTour: () => {
        if (!currentKey) return;
        forgetOnboardingProgress(currentKey, 'tour');
        setChecklist((state) => (state ? resetStep(state, 'tour') : state));
      },
      markComplete: () => {
        if (!currentKey || !userId || !checklist || !isChecklistComplete(checklist)) return;
        const next = new Set([...completed, currentKey]);
        setCompleted(next);
        storeCompletedModules(userId, [...next]);
        void mirrorToAccount([...next]);
        setCurrentKey(null);
        setChecklist(null);
        panel.close();
      },
    };
  }, [
    user,
    currentKey,
    completed,
    checklist,
    tourRunning,
    panel,
    openModule,
    completeStep,
    beginTour,
    location.pathname,
    navigate,
    userId,
  ]);

  return <OnboardingContext value={value}>{children}</OnboardingContext>;
}

/** The onboarding guide's state and actions. Only valid under <OnboardingProvider>. */
export function useOnboarding(): OnboardingContextValue {
  const value = useContext(OnboardingContext);
  if (!value) throw new Error('useOnboarding must be used within an OnboardingProvider. Wrap the layout in <OnboardingProvider>.');
  return value;
}
