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

/** What axe says of a node it checked. */
interface CheckedNode {
  target: unknown[];
  any: { id: string; data?: { messageKey?: string; fgColor?: string; bgColor?: string } | null }[];
}

/**
 * Text in the colour of its own background (a badge drawn as a solid bar): axe's colour-contrast check
 * files a 1:1 ratio under "incomplete", as possibly hidden on purpose, not under violations (issue 30.2).
 * Nothing a member is meant to read is hidden that way here, so the audits count it as a violation.
 */
function invisibleText(incomplete: { id: string; nodes: CheckedNode[] }[]): string[] {
  return incomplete
    .filter((result) => result.id === 'color-contrast')
    .flatMap((result) => result.nodes)
    .filter((node) => node.any.some((check) => check.data?.messageKey === 'equalRatio'))
    .map((node) => {
      const data = node.any.find((check) => check.data?.messageKey === 'equalRatio')?.data;
      return `color-contrast (1:1, text ${data?.fgColor} on ${data?.bgColor}): ${node.target.join(' ')}`;
    });
}

/**
 * axe-core on the page as it is once settled. By default no serious or critical violation of WCAG 2.1
 * A/AA and axe's best practices; `strict` refuses every WCAG 2 A/AA violation, whatever its impact. Text
 * with the colour of its background fails either way.
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
  found.push(...invisibleText(results.incomplete as { id: string; nodes: CheckedNode[] }[]));
  expect(found, `axe on ${options.label ?? page.url()}`).toEqual([]);
}

/**
 * Only axe's colour-contrast rule (WCAG 1.4.3, AA), every violation, and text as dark or light as its
 * background: the check run over each page in each language and width.
 */
export async function expectReadable(page: Page, label: string) {
  await settle(page);
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  const found = results.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`.trim()),
  );
  found.push(...invisibleText(results.incomplete as { id: string; nodes: CheckedNode[] }[]));
  expect(found, `colour contrast on ${label}`).toEqual([]);
}
