import { describe, expect, it } from 'vitest';
import { disabledFeaturesSwitch, playwrightDisabledFeatures } from '../e2e/support/chromium.ts';

describe("the browser suite's --disable-features switch", () => {
  it("carries the installed Playwright's own list, and the address-bar popup's features after it", () => {
    const playwrights = playwrightDisabledFeatures();
    // Read from the installed playwright-core: a new version that words its list otherwise fails here, not silently.
    expect(playwrights?.length).toBeGreaterThan(5);
    const [only, ...more] = disabledFeaturesSwitch();
    expect(more).toEqual([]);
    const features = only?.replace(/^--disable-features=/, '').split(',') ?? [];
    expect(features.slice(0, playwrights?.length)).toEqual(playwrights);
    expect(features).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup']));
    expect(new Set(features).size).toBe(features.length);
  });

  it("reads a list's quoted names, its comments apart, and nothing where there is no list", () => {
    const source = 'x; disabledFeatures = [\n  // See "this"? no: a comment\n  "PaintHolding",\n  "MediaRouter"\n].filter(Boolean);';
    expect(playwrightDisabledFeatures(source)).toEqual(['PaintHolding', 'MediaRouter']);
    expect(playwrightDisabledFeatures('const other = ["PaintHolding"];')).toBeUndefined();
    expect(playwrightDisabledFeatures('disabledFeatures = [];')).toBeUndefined();
  });
});
