import { describe, expect, it } from 'vitest';
import { buildAppConfig } from '../../test/fixtures';
import { carouselEntries, selectTrustedLogos } from './trusted-logos';

const a = { name: 'A Trust', logo_url: '/a.svg' };
const b = { name: 'B Trust', logo_url: '/b.svg' };
const body = { name: 'The Institute', logo_url: '/i.svg' };

describe('trusted logos', () => {
  it('uses the partner list normally and the professional set plus the body logo with the flag on', () => {
    const config = buildAppConfig({ trusted_by: [a], trusted_by_professional: [b], professional_body_logo: body });
    expect(selectTrustedLogos(config, false)).toEqual({ logos: [a], professionalBody: null });
    expect(selectTrustedLogos(config, true)).toEqual({ logos: [b], professionalBody: body });
    expect(selectTrustedLogos(undefined, true)).toEqual({ logos: [], professionalBody: null });
  });

  it('repeats the list twice with unique keys, marking the second pass as a copy', () => {
    const entries = carouselEntries([a, b]);
    expect(entries.map((e) => [e.logo.name, e.copy])).toEqual([
      ['A Trust', 0],
      ['B Trust', 0],
      ['A Trust', 1],
      ['B Trust', 1],
    ]);
    expect(new Set(entries.map((e) => e.key)).size).toBe(4);
  });
});
