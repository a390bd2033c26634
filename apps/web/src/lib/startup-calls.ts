import type { accountEndpoints, EndpointResponse, platformEndpoints } from '@verity/shared';
import { type CallArgs, callRoute, type EndpointRoute } from './api-client';

/** The contract's descriptors of the calls the app makes while it starts. */
interface StartupEndpoints {
  accountInfo: typeof accountEndpoints.info;
  appConfig: typeof platformEndpoints.appConfig;
  flags: typeof platformEndpoints.flags;
}

/**
 * Those calls by their routes alone. The descriptors carry zod schemas, whose code (about 25 kB
 * gzipped, and a long task to run on a phone) would otherwise have to load and run before the
 * session is even asked for; every signed-in page waits for that answer. startup-calls.test.ts
 * holds each route to its descriptor.
 */
export const STARTUP_ROUTES = {
  accountInfo: { method: 'GET', path: '/account/info', background: true },
  appConfig: { method: 'GET', path: '/app-config' },
  flags: { method: 'GET', path: '/flags' },
} as const satisfies Record<keyof StartupEndpoints, EndpointRoute>;

/** api() for a startup call, typed from its descriptor in the contract. */
export async function startupApi<K extends keyof StartupEndpoints>(
  name: K,
  ...[input, options]: CallArgs<StartupEndpoints[K]>
): Promise<EndpointResponse<StartupEndpoints[K]>> {
  return (await callRoute(STARTUP_ROUTES[name], input, options)) as EndpointResponse<StartupEndpoints[K]>;
}
