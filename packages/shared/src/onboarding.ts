import type { OnboardingModuleKey } from './onboarding-keys.ts';

/**
 * The onboarding guide's modules, in the order the panel lists them (SPEC §4 "Onboarding"). The
 * server reads them to decide when a person's onboarding is complete (every module their roles
 * are shown); the web reads them for the panel.
 */
export interface OnboardingModule {
  key: OnboardingModuleKey;
  /** The module's name in the panel's list. */
  title: string;
  /** The heading above its checklist once opened. */
  checklistTitle: string;
  /** The page its steps happen on. */
  route: string;
  /** About how long it takes. */
  minutes: number;
  /** Shown only to champions. */
  requiresChampion: boolean;
}

export const ONBOARDING_MODULES: readonly OnboardingModule[] = [
  { key: 'welcome', title: 'Quick Tips', checklistTitle: 'Get around Verity', route: '/home', minutes: 1, requiresChampion: false },
  { key: 'chat', title: 'Chat', checklistTitle: 'Ask the regulatory library', route: '/chat', minutes: 5, requiresChampion: false },
  {
    key: 'review',
    title: 'Review Assistant',
    checklistTitle: 'Review a policy',
    route: '/review',
    minutes: 7,
    requiresChampion: false,
  },
  {
    key: 'write',
    title: 'Writing Assistant',
    checklistTitle: 'Turn a meeting into minutes',
    route: '/write',
    minutes: 7,
    requiresChampion: false,
  },
  {
    key: 'wiki',
    title: 'Regulatory Wiki',
    checklistTitle: 'Find and read a document',
    route: '/wiki',
    minutes: 3,
    requiresChampion: false,
  },
  {
    key: 'dashboard',
    title: 'Champion Dashboard',
    checklistTitle: "See your organisation's use of Verity",
    route: '/dashboard',
    minutes: 2,
    requiresChampion: true,
  },
];

/** The modules a person with these roles is shown: the champion-only one to champions alone. */
export function onboardingModulesFor(accountRoles: readonly string[]): OnboardingModule[] {
  const champion = accountRoles.includes('champion');
  return ONBOARDING_MODULES.filter((module) => champion || !module.requiresChampion);
}

/** True when every module these roles are shown is among the completed ones. */
export function isOnboardingComplete(accountRoles: readonly string[], completed: readonly string[]): boolean {
  return onboardingModulesFor(accountRoles).every((module) => completed.includes(module.key));
}
