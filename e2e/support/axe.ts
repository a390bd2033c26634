import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** WCAG 2.1 A/AA (and 2.2 AA) with axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe-core on the page (or the part `include` selects): no violation at all, whatever its impact,
 * including "the accessible name contains the visible label" (label-content-name-mismatch) and
 * target sizes of at least 24 × 24 px (target-size), which axe leaves off by default.
 */
export async function expectAccessible(page: Page, what: string, include?: string): Promise<void> {
  // Let transitions settle (dialogs fade in; colour contrast is measured on what is painted): two
  // frames for what the last action started to begin, then every animation and transition that
  // ends is awaited (a spinner's endless one is not).
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
  // target-size (WCAG 2.2 2.5.8, 24 × 24 px) is off in axe's defaults: named here so it runs on every scan.
  // Legacy mode runs axe in the page itself: the app has no frames, and the default opened a blank
  // page for every scan to gather frames' results in (about a second each on the CI machine).
  let builder = new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(TAGS)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true }, 'target-size': { enabled: true } } });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const found = violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ')}`),
  }));
  expect(found, `${what}: axe violations`).toEqual([]);
}
