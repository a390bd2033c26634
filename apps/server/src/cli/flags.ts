import { parseArgs } from 'node:util';
import { FEATURE_FLAGS, isFeatureFlag, isRole, ROLES } from '@verity/shared';
import { runCommand, withDatabase } from './run.ts';
import type { Database } from '../db/connect.ts';
import { evaluateFlags, type FlagTarget, listFlagSettings, setFlag } from '../core/flags.ts';
import { findOrganisation, organisationNames } from '../core/identity/organisations.ts';

const USAGE = `Usage: npm run flags                                            (lists the flags and every setting)
       npm run flags -- --flag <flag> --on|--off|--clear [--organisation <id or name> | --role <role>]

Sets a feature flag for everyone, for everyone holding a role, or for every member of one
organisation; --clear removes that setting so the next one applies. An organisation's setting wins
over a role's, a role's over the global one, and the global one over the shipped default.
Flags: ${FEATURE_FLAGS.join(', ')}. Roles: ${ROLES.join(', ')}.
Uses the configured database (DATABASE_URL, or the embedded database in DATA_DIR: stop the server
first when using that).`;

/** A refusal the command explains in one line, without a stack trace. */
export class FlagsError extends Error {}

/** What `npm run flags` was asked, read from its arguments. */
export interface FlagsCommand {
  flag?: string;
  on?: boolean;
  off?: boolean;
  clear?: boolean;
  organisation?: string;
  role?: string;
}

/** Runs the command against the database; answers the text to print. */
export async function runFlags(db: Database, command: FlagsCommand): Promise<string> {
  if (command.flag === undefined) {
    if (command.on || command.off || command.clear || command.organisation || command.role)
      throw new FlagsError(`--flag is required to change a setting.\n\n${USAGE}`);
    return listing(db);
  }
  if (!isFeatureFlag(command.flag)) throw new FlagsError(`"${command.flag}" is not a flag. The flags are: ${FEATURE_FLAGS.join(', ')}.`);
  const choices = [command.on, command.off, command.clear].filter(Boolean).length;
  if (choices !== 1) throw new FlagsError('Give exactly one of --on, --off and --clear.');
  if (command.organisation !== undefined && command.role !== undefined)
    throw new FlagsError('Give --organisation or --role, not both: a setting applies to one of them.');
  let target: FlagTarget = { scope: 'global' };
  let where = 'everyone';
  if (command.role !== undefined) {
    if (!isRole(command.role)) throw new FlagsError(`"${command.role}" is not a role. The roles are: ${ROLES.join(', ')}.`);
    target = { scope: 'role', role: command.role };
    where = `everyone with the ${command.role} role`;
  } else if (command.organisation !== undefined) {
    const organisation = await findOrganisation(db, command.organisation);
    if (!organisation) throw new FlagsError(`No organisation has the id or name "${command.organisation}".`);
    target = { scope: 'organisation', organisationId: organisation.id };
    where = `"${organisation.name}"`;
  }
  const enabled = command.clear ? null : command.on === true;
  const { changed } = await setFlag({ db, flag: command.flag, target, enabled, by: { via: 'command_line' } });
  if (!changed)
    return enabled === null
      ? `${command.flag} had no setting for ${where}; nothing changed.`
      : `${command.flag} was already ${enabled ? 'on' : 'off'} for ${where}; nothing changed.`;
  return enabled === null
    ? `Cleared the setting of ${command.flag} for ${where}: the next setting down applies.`
    : `${command.flag} is now ${enabled ? 'on' : 'off'} for ${where}.`;
}

/** The global value of each flag, then every role's and organisation's setting. */
async function listing(db: Database): Promise<string> {
  const [values, settings] = await Promise.all([evaluateFlags(db), listFlagSettings(db)]);
  const names = await organisationNames(
    db,
    settings.flatMap((setting) => setting.organisationId ?? []),
  );
  const lines = FEATURE_FLAGS.map((flag) => `${flag}: ${values[flag] ? 'on' : 'off'} for everyone`);
  for (const setting of settings) {
    if (setting.scope === 'global') continue;
    const who =
      setting.scope === 'role'
        ? `with the ${setting.role} role`
        : `in "${names.get(setting.organisationId ?? '') ?? setting.organisationId}"`;
    lines.push(`${setting.flag}: ${setting.enabled ? 'on' : 'off'} ${who}`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      flag: { type: 'string' },
      on: { type: 'boolean' },
      off: { type: 'boolean' },
      clear: { type: 'boolean' },
      organisation: { type: 'string' },
      role: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  console.log(await withDatabase((db) => runFlags(db, values)));
}

if (import.meta.main) runCommand('flags', USAGE, [FlagsError], main);
