import { RightPanel } from '../../components/ui/right-panel';

/** The right-hand panel's default content until the onboarding guides arrive. */
export function OnboardingPanel() {
  return (
    <RightPanel>
      <p className="text-slate-700 text-sm">Guided onboarding for each Verity tool is coming in a later release.</p>
    </RightPanel>
  );
}
