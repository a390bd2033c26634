import {
  FEATURE_FLAG_DEFAULTS,
  FEATURE_FLAGS,
  type FeatureFlag,
  type FlagSettingView,
  ROLES,
  type Role,
  type SetFlagInput,
} from '@verity/shared';
import { type FormEvent, useId, useState } from 'react';
import { PanelSection, QueryContent } from '../../components/panel-section';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/form-errors';
import { useAdminOrganisations, useFlagSettings, useSetFlag } from './api';
import { ROLE_NAMES } from './role-names';

const FLAG_TEXT: Record<FeatureFlag, { title: string; what: string }> = {
  'platform-onboarding': { title: 'Onboarding guide', what: 'The right-hand guide that opens for new standard users.' },
  'workforce-reports': { title: 'Workforce reports', what: 'Reports in the menu and /reporting.' },
  'data-library': { title: 'Data library', what: 'An organisation’s own documents, at /data-library.' },
  'professional-body-logos': {
    title: 'Professional-body logos',
    what: 'The sign-in pages show the professional bodies’ logos instead of the partner organisations’.',
  },
};

const onOff = (enabled: boolean) => (enabled ? 'On' : 'Off');

/**
 * The feature flags: for each, its shipped default, the setting for everyone, and the settings for
 * a role or an organisation (an organisation's wins over a role's, a role's over everyone's).
 */
export function FlagsSection() {
  const settings = useFlagSettings();
  const organisations = useAdminOrganisations();
  const names = new Map((organisations.data?.organisations ?? []).map((organisation) => [organisation.id, organisation.name]));
  return (
    <PanelSection
      title="Feature flags"
      description="Turn features on or off for everyone, a role or one organisation. An organisation’s setting wins over a role’s, and a role’s over everyone’s."
    >
      <QueryContent query={settings} loadingMessage="Loading feature flags…" errorMessage="The feature flags could not be loaded.">
        {(data) => (
          <ul className="flex flex-col gap-4">
            {FEATURE_FLAGS.map((flag) => (
              <li key={flag}>
                <FlagCard flag={flag} settings={data.settings.filter((setting) => setting.flag === flag)} organisationNames={names} />
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
    </PanelSection>
  );
}

function FlagCard({
  flag,
  settings,
  organisationNames,
}: {
  flag: FeatureFlag;
  settings: FlagSettingView[];
  organisationNames: Map<string, string>;
}) {
  const setFlag = useSetFlag();
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const text = FLAG_TEXT[flag];
  const global = settings.find((setting) => setting.scope === 'global');
  const overrides = settings.filter((setting) => setting.scope !== 'global');

  const change = async (input: Omit<SetFlagInput, 'flag'>, done: string) => {
    setError(null);
    try {
      await setFlag.mutateAsync({ flag, ...input });
      toast.success(done);
    } catch (cause) {
      setError(errorMessage(cause, 'The setting could not be saved.'));
    }
  };

  const targetName = (setting: FlagSettingView) =>
    setting.scope === 'role'
      ? `${ROLE_NAMES[setting.role ?? 'standard']} role`
      : (organisationNames.get(setting.organisation_id ?? '') ?? 'An organisation');

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {text.title} <code className="ml-1 font-mono font-normal text-slate-500 text-xs">{flag}</code>
          </h3>
          <p className="mt-0.5 text-slate-600 text-sm">{text.what}</p>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <span className="font-medium text-slate-800">For everyone</span>
          <select
            className="focus-ring h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
            value={global ? onOff(global.enabled) : 'default'}
            disabled={setFlag.isPending}
            onChange={(event) => {
              const value = event.target.value;
              const enabled = value === 'default' ? null : value === 'On';
              void change(
                { scope: 'global', enabled },
                `${text.title}: ${value === 'default' ? 'back to its default' : value.toLowerCase()} for everyone`,
              );
            }}
          >
            <option value="default">Default ({onOff(FEATURE_FLAG_DEFAULTS[flag]).toLowerCase()})</option>
            <option value="On">On</option>
            <option value="Off">Off</option>
          </select>
        </label>
      </div>
      {overrides.length > 0 && (
        <ul aria-label={`${text.title}: settings for roles and organisations`} className="mt-3 flex flex-col gap-1.5">
          {overrides.map((setting) => (
            <li
              key={`${setting.scope}:${setting.role ?? setting.organisation_id}`}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-1.5 text-sm"
            >
              <span>
                <span className="font-medium text-slate-900">{targetName(setting)}</span>: {onOff(setting.enabled).toLowerCase()}
              </span>
              <Button
                variant="ghost"
                size="sm"
                disabled={setFlag.isPending}
                aria-label={`Clear ${text.title} for ${targetName(setting)}`}
                onClick={() =>
                  void change(
                    setting.scope === 'role'
                      ? { scope: 'role', role: setting.role ?? undefined, enabled: null }
                      : { scope: 'organisation', organisation_id: setting.organisation_id ?? undefined, enabled: null },
                    `${text.title}: setting for ${targetName(setting)} cleared`,
                  )
                }
              >
                Clear
              </Button>
            </li>
          ))}
        </ul>
      )}
      <OverrideForm title={text.title} organisationNames={organisationNames} pending={setFlag.isPending} onSet={change} />
      {error && <Alert className="mt-3">{error}</Alert>}
    </section>
  );
}

function OverrideForm({
  title,
  organisationNames,
  pending,
  onSet,
}: {
  title: string;
  organisationNames: Map<string, string>;
  pending: boolean;
  onSet: (input: Omit<SetFlagInput, 'flag'>, done: string) => Promise<void>;
}) {
  const [target, setTarget] = useState('');
  const [enabled, setEnabled] = useState('Off');
  const targetId = useId();
  const valueId = useId();
  const organisations = [...organisationNames].sort((a, b) => a[1].localeCompare(b[1]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [scope, id] = target.split(':');
    if (!id) return;
    const on = enabled === 'On';
    const name = scope === 'role' ? `${ROLE_NAMES[id as Role]} role` : (organisationNames.get(id) ?? 'the organisation');
    const input: Omit<SetFlagInput, 'flag'> =
      scope === 'role' ? { scope: 'role', role: id as Role, enabled: on } : { scope: 'organisation', organisation_id: id, enabled: on };
    void onSet(input, `${title}: ${on ? 'on' : 'off'} for ${name}`).then(() => setTarget(''));
  };

  return (
    <form onSubmit={submit} aria-label={`${title}: set for a role or an organisation`} className="mt-3 flex flex-wrap items-end gap-2">
      <div className="flex min-w-0 max-w-md flex-1 basis-60 flex-col gap-1">
        <label htmlFor={targetId} className="font-medium text-slate-800 text-xs">
          Set for
        </label>
        <select
          id={targetId}
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          className="focus-ring h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          <option value="">Choose a role or an organisation</option>
          <optgroup label="Roles">
            {ROLES.map((role) => (
              <option key={role} value={`role:${role}`}>
                {ROLE_NAMES[role]}
              </option>
            ))}
          </optgroup>
          <optgroup label="Organisations">
            {organisations.map(([id, name]) => (
              <option key={id} value={`organisation:${id}`}>
                {name}
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={valueId} className="font-medium text-slate-800 text-xs">
          Setting
        </label>
        <select
          id={valueId}
          value={enabled}
          onChange={(event) => setEnabled(event.target.value)}
          className="focus-ring h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          <option value="On">On</option>
          <option value="Off">Off</option>
        </select>
      </div>
      <Button type="submit" variant="secondary" disabled={!target || pending}>
        Save
      </Button>
    </form>
  );
}
