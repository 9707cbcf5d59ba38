// axe-core on the page as it is now (issue 25 §3): the serious and critical violations of the WCAG 2.0/2.1 A and AA
// rules and of axe's best practices, and the page-structure rules (an h1, headings in order, a main landmark), one
// line each with its rule, impact, elements and why. e2e/a11y.spec scans every route; a spec may scan a step of a
// page (a pre-flight, a mapping) that no route shows by itself.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Rules axe rates moderate that the issue asks for all the same. */
const STRUCTURE = ['page-has-heading-one', 'heading-order', 'landmark-one-main'];

export async function violations(page: Page, where: string): Promise<string[]> {
  // the page's own content is there — its heading (drawn once its data has come: every page has one) and its
  // requests answered
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || STRUCTURE.includes(v.id))
    .map((v) => `${where} ${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => `${n.html.slice(0, 120)} ${n.any[0]?.message ?? ''}`).join(' | ')}`);
}
