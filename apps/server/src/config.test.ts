import { describe, expect, test } from 'vitest';
import { ConfigError, isLoopbackHost, listenHost, loadConfig } from './config.ts';

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'development', ...env });
const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('safe defaults for the demo accounts', () => {
  test('with demo accounts seeded (embedded database, nothing set) the server binds to loopback', () => {
    const config = load({});
    expect(config.seedDemo).toBe(true);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.hostSet).toBe(false);
    expect(listenHost(config, true)).toEqual({ host: '127.0.0.1' });
  });

  test('without demo accounts the default stays every interface', () => {
    expect(load({ DATABASE_URL: 'postgres://db/verity' })).toMatchObject({ seedDemo: false, HOST: '0.0.0.0' });
    expect(load({ SEED_DEMO: 'false' })).toMatchObject({ seedDemo: false, HOST: '0.0.0.0' });
    expect(listenHost(load({ DATABASE_URL: 'postgres://db/verity' }), false)).toEqual({ host: '0.0.0.0' });
  });

  test('NODE_ENV=production never seeds demo accounts; asking for them is refused with a sentence', () => {
    expect(load({ NODE_ENV: 'production' })).toMatchObject({ seedDemo: false, HOST: '0.0.0.0' });
    const message = refusal(() => load({ NODE_ENV: 'production', SEED_DEMO: 'true' }));
    expect(message).toMatch(/^SEED_DEMO=true cannot be used with NODE_ENV=production: the demo accounts, .* published password\./);
  });

  test('a network interface with demo accounts is refused unless ALLOW_DEMO_ON_NETWORK=true, which warns', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'verity.internal']) {
      expect(refusal(() => load({ HOST: host }))).toMatch(
        new RegExp(`^HOST=${host.replace(/\./g, '\\.')} would expose the demo accounts.*ALLOW_DEMO_ON_NETWORK=true`),
      );
    }
    const allowed = load({ HOST: '0.0.0.0', ALLOW_DEMO_ON_NETWORK: 'true' });
    const decision = listenHost(allowed, true);
    expect(decision.host).toBe('0.0.0.0');
    expect(decision.warning).toMatch(/^WARNING: the demo accounts.*reachable from the network on 0\.0\.0\.0/);
    expect(load({ HOST: 'localhost' }).HOST).toBe('localhost');
    expect(load({ HOST: '0.0.0.0', SEED_DEMO: 'false' }).HOST).toBe('0.0.0.0');
  });

  test('demo accounts already in the database (not seeded this time) get the same rule at start', () => {
    // PostgreSQL without SEED_DEMO: the config alone allows every interface…
    const unset = load({ DATABASE_URL: 'postgres://db/verity' });
    expect(unset.HOST).toBe('0.0.0.0');
    // …but main.ts finds demo accounts and narrows an unset HOST to loopback,
    expect(listenHost(unset, true)).toEqual({ host: '127.0.0.1' });
    // refuses an explicit network HOST,
    const explicit = load({ DATABASE_URL: 'postgres://db/verity', HOST: '0.0.0.0' });
    expect(refusal(() => listenHost(explicit, true))).toMatch(/^HOST=0\.0\.0\.0 would expose the demo accounts/);
    expect(listenHost(explicit, false)).toEqual({ host: '0.0.0.0' });
    // and with the explicit permission listens there with a warning.
    const allowed = load({ DATABASE_URL: 'postgres://db/verity', HOST: '0.0.0.0', ALLOW_DEMO_ON_NETWORK: 'yes' });
    expect(listenHost(allowed, true).warning).toMatch(/^WARNING/);
  });

  test('loopback addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.1', '::ffff:10.0.0.1', 'example.org', '128.0.0.1'])
      expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('parse limits', () => {
  test('every document the parser accepts can be shown: PARSE_MAX_ELEMENTS may not exceed DOCUMENT_MAX_ELEMENTS', () => {
    expect(load({}).PARSE_MAX_ELEMENTS).toBeLessThanOrEqual(load({}).DOCUMENT_MAX_ELEMENTS);
    expect(refusal(() => load({ PARSE_MAX_ELEMENTS: '50000' }))).toMatch(
      /PARSE_MAX_ELEMENTS \(50000\) is above DOCUMENT_MAX_ELEMENTS \(20000\)/,
    );
    expect(load({ PARSE_MAX_ELEMENTS: '50000', DOCUMENT_MAX_ELEMENTS: '50000' }).PARSE_MAX_ELEMENTS).toBe(50000);
  });
});
