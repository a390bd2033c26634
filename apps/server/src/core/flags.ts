import { FEATURE_FLAG_DEFAULTS, FEATURE_FLAGS, type FlagValues } from '@verity/shared';
import type { Database } from '../db/connect.ts';
import { featureFlags } from '../db/schema.ts';

/** Flags as stored by administrators, falling back to the shipped defaults. */
export async function evaluateFlags(db: Database): Promise<FlagValues> {
  const rows = await db.select().from(featureFlags);
  const stored = new Map(rows.map((row) => [row.key, row.enabled]));
  return Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, stored.get(flag) ?? FEATURE_FLAG_DEFAULTS[flag]])) as FlagValues;
}
