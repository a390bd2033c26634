import type { Config } from '../config.ts';
import type { Database } from '../db/connect.ts';

// Placeholder replaced by the demo seed.
export async function seedDemo(_options: { db: Database; config: Config }): Promise<{ email: string; roles: string[] }[]> {
  return [];
}
