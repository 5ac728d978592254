import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Lets the page settle before an audit: no requests in flight and no finite animation or transition
 * running. A block caught mid fade-in has the contrast of its half-transparent text, which is not what a
 * member sees and would make audits flaky on a loaded machine.
 */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * axe-core on the page as it is once settled. By default no serious or critical violation of WCAG 2.1
 * A/AA and axe's best practices; `strict` refuses every WCAG 2 A/AA violation, whatever its impact.
 */
export async function expectAccessible(page: Page, options: { strict?: boolean; label?: string } = {}) {
  await settle(page);
  const tags = options.strict
    ? ['wcag2a', 'wcag2aa']
    : ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  const found = results.violations
    .filter((v) => options.strict || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(found, `axe on ${options.label ?? page.url()}`).toEqual([]);
}
