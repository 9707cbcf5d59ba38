// axe-core on the page as it is now: the critical, serious and moderate violations of the WCAG 2.0/2.1 A and AA
// rules and of axe's best practices (the page-structure rules among them: an h1, headings in order, a main
// landmark), one line each with its rule, impact, elements and why. e2e/a11y.spec scans every route; a spec may scan a
// step of a page (a pre-flight, a mapping) that no route shows by itself.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Impacts that fail a scan: all but axe's "minor". */
const FAILING = new Set(['critical', 'serious', 'moderate']);

/** `loading`: scan the page while its data is still on the way (its heading shown, its requests not answered). */
export async function violations(page: Page, where: string, { loading = false } = {}): Promise<string[]> {
  // the page's own content is there — its heading (every page has one) and its requests answered
  await page.locator('h1').first().waitFor();
  if (!loading) await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${where} ${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.html.slice(0, 120)} ${n.any[0]?.message ?? ''}`)
          .join(' | ')}`,
    );
}
