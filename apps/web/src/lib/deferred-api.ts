import type { EndpointDefinition, EndpointResponse } from '@verity/shared';
import { api, type CallArgs } from './api-client';

export type FirstContract = typeof import('./first-contract');

/** The contract the first page needs, fetched when first asked for (then at once from the module cache). */
export function loadFirstContract(): Promise<FirstContract> {
  return import('./first-contract');
}

/**
 * api() for the auth pages' calls and signing out: the descriptor is picked from the contract once
 * it has loaded, so those calls keep zod and the endpoint table off the first page's download.
 * The calls made while the app starts need no contract at all (startup-calls.ts).
 */
export async function deferredApi<E extends EndpointDefinition>(
  pick: (contract: FirstContract) => E,
  ...args: CallArgs<E>
): Promise<EndpointResponse<E>> {
  return api(pick(await loadFirstContract()), ...args);
}
