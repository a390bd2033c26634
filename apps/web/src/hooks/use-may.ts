import { type Access, canAccessRoute, findRoute, rolesAllow } from '@verity/shared';
import { useAuthStore } from '../lib/auth-store';

const NO_ROLES: readonly string[] = [];

function useRoles(): readonly string[] {
  return useAuthStore((s) => s.user?.account_roles ?? NO_ROLES);
}

/**
 * Whether the signed-in user may open a page of the app, by the shared route table the guard
 * enforces: a link or a way back is offered only where it leads somewhere the user may go.
 */
export function useMayOpen(path: string): boolean {
  const roles = useRoles();
  const route = findRoute(path);
  return route !== undefined && canAccessRoute(route, roles);
}

/**
 * Whether the signed-in user may call an endpoint, by the access rule of its descriptor (the same
 * rule the server checks): a feature is offered only to those the server will serve.
 */
export function useMayCall(endpoint: { access: Access }): boolean {
  return rolesAllow(endpoint.access, useRoles());
}
