import axe from 'axe-core';
import type { Page } from '@playwright/test';

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: ReadonlyArray<{ readonly target: readonly unknown[] }>;
}

/** The WCAG 2.1 A and AA rules (names, roles, labels, contrast, keyboard traps, ARIA use). */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's findings for the page as it is now, one readable line each; empty when the page passes.
 * Evaluated through the DevTools protocol, so the page's strict CSP stays as it ships.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (tags) => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations as unknown as Violation[];
  }, WCAG_21_AA);
  return violations.map(
    (violation) =>
      `${violation.impact ?? 'unrated'} ${violation.id}: ${violation.help} at ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
}
