import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Chromium's own features the browser suite turns off. Chromium 156 builds the address bar's
 * suggestion popup as a WebUI page in a renderer of its own for every window, and every test's
 * page is a window of its own in headless mode: about 0.35 s of the two cores for each page, for
 * a popup nobody opens (docs/benchmarks.md, "The browser's address-bar popup").
 */
const SUITE_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * The `--disable-features` switch for the browser suite's Chromium, or none. Chromium keeps only
 * the last `--disable-features` on its command line, and Playwright passes its own list (features
 * that make pages and screenshots behave as tests expect) before the arguments given here, so the
 * switch carries Playwright's list too, read from the version installed. Where that list cannot be
 * read, no switch is added: the suite runs as Playwright configures it, only slower.
 */
export function disabledFeaturesSwitch(): string[] {
  const playwrights = playwrightDisabledFeatures();
  if (!playwrights) return [];
  return [`--disable-features=${[...new Set([...playwrights, ...SUITE_DISABLED_FEATURES])].join(',')}`];
}

/** The feature names in playwright-core's `disabledFeatures = [ … ]` list, or undefined. */
export function playwrightDisabledFeatures(source = playwrightBundle()): string[] | undefined {
  const list = source === undefined ? null : /\bdisabledFeatures = \[([^\]]*)\]/.exec(source);
  if (!list) return undefined;
  const names = [...(list[1] ?? '').replace(/\/\/.*$/gm, '').matchAll(/"([A-Za-z0-9]+)"/g)].map((match) => match[1] as string);
  return names.length > 0 ? names : undefined;
}

function playwrightBundle(): string | undefined {
  try {
    const manifest = createRequire(import.meta.url).resolve('playwright-core/package.json');
    return readFileSync(join(dirname(manifest), 'lib', 'coreBundle.js'), 'utf8');
  } catch {
    return undefined;
  }
}
