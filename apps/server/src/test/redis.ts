import { connect } from 'node:net';

/** The Redis server the Redis-backed tests use: TEST_REDIS_URL, or the local default. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when something answers on the Redis port; suites that need Redis are skipped otherwise. */
export function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
