import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the page as it is now and fails on serious or critical violations (docs/design.md accessibility,
 * WCAG 2.2 AA). The message lists each rule with the elements it hit.
 */
export async function expectNoSeriousA11yViolations(page: Page, context = page.url()): Promise<void> {
  // Let islands finish loading their lists so the check sees the page a player sees.
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `serious or critical accessibility violations on ${context}`).toEqual([]);
}
