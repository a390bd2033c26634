import { describe, expect, it } from 'vitest';
import { isSharedEmailDomain } from './join.ts';

describe('isSharedEmailDomain: domains that never join anyone to one organisation', () => {
  it('public e-mail providers are shared, in any case and with a trailing dot', () => {
    for (const domain of ['gmail.com', 'Outlook.com', 'hotmail.com', 'hotmail.co.uk', 'icloud.com', 'googlemail.com', 'gmail.com.']) {
      expect(isSharedEmailDomain(domain), domain).toBe(true);
    }
  });

  it('every country domain of Yahoo is shared', () => {
    for (const domain of ['yahoo.com', 'yahoo.co.uk', 'yahoo.fr', 'ymail.com']) expect(isSharedEmailDomain(domain), domain).toBe(true);
  });

  it('nhs.net is shared: many NHS organisations give their staff addresses there', () => {
    expect(isSharedEmailDomain('nhs.net')).toBe(true);
    expect(isSharedEmailDomain('NHS.NET')).toBe(true);
  });

  it("an organisation's own domain is not shared, even one that looks like a provider's", () => {
    for (const domain of ['leedsth.nhs.uk', 'example.org', 'mygmail.com', 'notyahoo.com', 'gmail.com.evil.test']) {
      expect(isSharedEmailDomain(domain), domain).toBe(false);
    }
  });
});
