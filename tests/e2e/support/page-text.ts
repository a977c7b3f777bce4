import type { Locator, Page } from '@playwright/test';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern matching exactly this text (case and all), for `filter({ hasText })`. */
export function exactly(text: string): RegExp {
  return new RegExp(`^${escaped(text)}$`);
}

/** A pattern matching text that contains this text (case and all), for `filter({ hasText })`. */
export function containing(text: string): RegExp {
  return new RegExp(escaped(text));
}

/** The live status messages (role status) reading `text`: exactly a string, or matching a pattern. */
export function statusSaying(scope: Page | Locator, text: string | RegExp): Locator {
  return scope.getByRole('status').filter({ hasText: typeof text === 'string' ? exactly(text) : text });
}

/** The alerts (role alert) reading `text`: exactly a string, or matching a pattern. */
export function alertSaying(scope: Page | Locator, text: string | RegExp): Locator {
  return scope.getByRole('alert').filter({ hasText: typeof text === 'string' ? exactly(text) : text });
}

/**
 * The value a description list gives for a term (`<dt>Swap reference</dt><dd>…</dd>`): the term found by
 * its role and exact text, then the definition that follows it.
 */
export function definitionOf(scope: Page | Locator, term: string): Locator {
  return scope
    .getByRole('term')
    .filter({ hasText: exactly(term) })
    .locator('xpath=following-sibling::dd[1]');
}

/**
 * What a field's aria-describedby points at, read as assistive tech reads it after the field's name: the
 * texts of the described elements in order. (Playwright's own accessible description leaves out an
 * `<output>`'s text, which is where the app reads an amount back.)
 */
export function describedText(field: Locator): Promise<string> {
  return field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}
