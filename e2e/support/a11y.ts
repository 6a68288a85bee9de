import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe (WCAG 2.0/2.1 A and AA rules) on the page once it has stopped moving and fails on any serious or
 * critical violation, naming the rule and the first offending elements.
 */
export const expectNoSeriousA11yViolations = async (page: Page, where: string) => {
  // A drawer or modal fading in has its text blended with the backdrop for a moment: axe would read
  // that as low contrast. Wait until finite animations and transitions have ended (loaders run for ever).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  expect(serious, `axe on ${where}`).toEqual([]);
};
