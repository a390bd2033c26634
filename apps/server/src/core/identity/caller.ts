import type { Role } from '@verity/shared';

/** The signed-in user as every guarded route sees it (sessions.ts resolves it, cache.ts keeps it). */
export interface AuthContext {
  sessionId: string;
  userId: string;
  organisationId: string;
  roles: Role[];
  email: string;
  firstname: string;
}
