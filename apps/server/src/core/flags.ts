import { FEATURE_FLAG_DEFAULTS, FEATURE_FLAGS, type FeatureFlag, type FlagScope, type FlagValues, type Role } from '@verity/shared';
import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { featureFlagRules, featureFlags } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { recordEvent } from './events/service.ts';
import { type FlagRows, identityCacheOf, identityChanged } from './identity/cache.ts';

/** Who the flags are evaluated for: a signed-in caller's organisation and roles. */
export interface FlagCaller {
  organisationId: string;
  roles: readonly Role[];
}

/**
 * Every flag's value for a caller, or for nobody in particular (a page before sign-in). The most
 * specific setting wins: the caller's organisation's, then their roles' (on when any of their
 * roles has it on), then the global setting, then the shipped default. The settings come from
 * the server's memory (core/identity/cache.ts) or two queries, whatever the number of flags.
 */
export async function evaluateFlags(db: Database, caller: FlagCaller | null = null): Promise<FlagValues> {
  const rows = await flagRows(db, caller);
  const global = new Map(rows.global.map((row) => [row.key, row.enabled]));
  const mine = caller
    ? rows.rules.filter(
        (row) => row.organisationId === caller.organisationId || (row.role !== null && caller.roles.includes(row.role as Role)),
      )
    : [];
  const values = {} as FlagValues;
  for (const flag of FEATURE_FLAGS) {
    const settings = mine.filter((row) => row.key === flag);
    const organisation = settings.find((row) => row.organisationId !== null);
    const roles = settings.filter((row) => row.role !== null);
    values[flag] =
      organisation?.enabled ??
      (roles.length > 0 ? roles.some((row) => row.enabled) : undefined) ??
      global.get(flag) ??
      FEATURE_FLAG_DEFAULTS[flag];
  }
  return values;
}

/**
 * The settings that can apply to the caller: every one, kept in memory, when the server keeps
 * them (there are a few per organisation at most); else those of the caller's organisation and roles.
 */
async function flagRows(db: Database, caller: FlagCaller | null): Promise<FlagRows> {
  const cache = identityCacheOf(db);
  const kept = cache?.flags(Date.now());
  if (kept) return kept;
  const generation = cache?.generation() ?? 0;
  const select = {
    key: featureFlagRules.key,
    enabled: featureFlagRules.enabled,
    organisationId: featureFlagRules.organisationId,
    role: featureFlagRules.role,
  };
  const [global, rules] = await Promise.all([
    db.select({ key: featureFlags.key, enabled: featureFlags.enabled }).from(featureFlags),
    cache
      ? db.select(select).from(featureFlagRules)
      : caller === null
        ? Promise.resolve([])
        : db
            .select(select)
            .from(featureFlagRules)
            .where(
              or(
                eq(featureFlagRules.organisationId, caller.organisationId),
                caller.roles.length > 0 ? inArray(featureFlagRules.role, [...caller.roles]) : undefined,
              ),
            ),
  ]);
  cache?.storeFlags({ global, rules }, generation);
  return { global, rules };
}

/** Where a setting applies: everyone, everyone holding a role, or every member of an organisation. */
export type FlagTarget = { scope: 'global' } | { scope: 'role'; role: Role } | { scope: 'organisation'; organisationId: string };

/** One stored setting, as `npm run flags` lists it. */
export interface FlagSetting {
  flag: FeatureFlag;
  scope: FlagScope;
  role: Role | null;
  organisationId: string | null;
  enabled: boolean;
}

/**
 * Sets a flag for a target (`enabled` true or false), or clears that target's setting (`null`) so
 * the next one down applies. Recorded as `flags.changed` in the same transaction. Answers whether
 * anything changed: setting a flag to the value it has, or clearing a setting that does not exist,
 * changes nothing and records nothing.
 */
export async function setFlag(options: {
  db: Database;
  flag: FeatureFlag;
  target: FlagTarget;
  enabled: boolean | null;
  /** Who set it: `npm run flags` at the server, or an administrator through the API. */
  by: { via: 'command_line' } | { via: 'admin'; userId: string };
}): Promise<{ changed: boolean }> {
  const { flag, target, enabled, by } = options;
  const result = await options.db.transaction(async (tx): Promise<{ changed: boolean }> => {
    const before = await storedSetting(tx, flag, target);
    if (before === enabled || (before === null && enabled === null)) return { changed: false };
    if (target.scope === 'global') {
      await tx.delete(featureFlags).where(eq(featureFlags.key, flag));
      if (enabled !== null) await tx.insert(featureFlags).values({ key: flag, enabled });
    } else {
      await tx.delete(featureFlagRules).where(and(eq(featureFlagRules.key, flag), ruleOf(target)));
      if (enabled !== null)
        await tx.insert(featureFlagRules).values({
          id: newId(),
          key: flag,
          enabled,
          organisationId: target.scope === 'organisation' ? target.organisationId : null,
          role: target.scope === 'role' ? target.role : null,
        });
    }
    await recordEvent(tx, {
      kind: 'flags.changed',
      organisationId: target.scope === 'organisation' ? target.organisationId : null,
      actorUserId: by.via === 'admin' ? by.userId : null,
      subject: null,
      data: { flag, scope: target.scope, role: target.scope === 'role' ? target.role : null, enabled, via: by.via },
    });
    return { changed: true };
  });
  if (result.changed) identityChanged({ kind: 'flags' });
  return result;
}

/** Every stored setting: the global ones, then the roles', then the organisations'. */
export async function listFlagSettings(db: Database): Promise<FlagSetting[]> {
  const [globalRows, ruleRows] = await Promise.all([db.select().from(featureFlags), db.select().from(featureFlagRules)]);
  const known = (key: string): key is FeatureFlag => (FEATURE_FLAGS as readonly string[]).includes(key);
  const settings: FlagSetting[] = [
    ...globalRows.flatMap((row) =>
      known(row.key) ? [{ flag: row.key, scope: 'global' as const, role: null, organisationId: null, enabled: row.enabled }] : [],
    ),
    ...ruleRows.flatMap((row) =>
      known(row.key)
        ? [
            {
              flag: row.key,
              scope: row.role !== null ? ('role' as const) : ('organisation' as const),
              role: row.role as Role | null,
              organisationId: row.organisationId,
              enabled: row.enabled,
            },
          ]
        : [],
    ),
  ];
  const order: Record<FlagScope, number> = { global: 0, role: 1, organisation: 2 };
  return settings.sort(
    (a, b) =>
      order[a.scope] - order[b.scope] ||
      FEATURE_FLAGS.indexOf(a.flag) - FEATURE_FLAGS.indexOf(b.flag) ||
      (a.role ?? a.organisationId ?? '').localeCompare(b.role ?? b.organisationId ?? ''),
  );
}

async function storedSetting(db: Database, flag: FeatureFlag, target: FlagTarget): Promise<boolean | null> {
  if (target.scope === 'global') {
    const [row] = await db.select({ enabled: featureFlags.enabled }).from(featureFlags).where(eq(featureFlags.key, flag));
    return row?.enabled ?? null;
  }
  const [row] = await db
    .select({ enabled: featureFlagRules.enabled })
    .from(featureFlagRules)
    .where(and(eq(featureFlagRules.key, flag), ruleOf(target)));
  return row?.enabled ?? null;
}

function ruleOf(target: Exclude<FlagTarget, { scope: 'global' }>) {
  return target.scope === 'role'
    ? and(eq(featureFlagRules.role, target.role), isNull(featureFlagRules.organisationId))
    : and(eq(featureFlagRules.organisationId, target.organisationId), isNotNull(featureFlagRules.organisationId));
}

/**
 * A feature's endpoints exist only while its flag is on for the caller: otherwise they answer
 * 404 with `message`, as its pages do not exist then.
 */
export async function requireFlag(db: Database, caller: FlagCaller, flag: FeatureFlag, message: string): Promise<void> {
  const flags = await evaluateFlags(db, caller);
  if (!flags[flag]) throw notFound(message);
}
