import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createDispatcher, type Handlers } from '../../../src-main/dispatch';
import { firstIssueInWords } from '../../../src-main/i18n/input-issue-words';
import { setMainLanguage } from '../../../src-main/i18n/main-text';
import { AddressBookName } from '../../../src-preload/contract/address-book';
import { operationNames } from '../../../src-preload/contract';
import { UserText } from '../../../src-preload/contract/text';
import { inputIssueIds } from '../../../src-preload/input-issues';
import type { Language } from '../../../resources/locales/languages';

afterEach(() => setMainLanguage('en', []));

/** What main says of the first thing wrong with `input`, in `language`. */
function refusal(language: Language, schema: z.ZodType, input: unknown): string {
  setMainLanguage(language, []);
  const parsed = schema.safeParse(input, { error: inputIssueIds });
  if (parsed.success) throw new Error('the input was expected to be refused');
  return firstIssueInWords(parsed.error).message;
}

describe("the contract's input issues in every language, with their limits as numbers", () => {
  it.each([
    ['en', 'Keep the name under 60 characters'],
    ['de', 'Der Name muss kürzer als 60 Zeichen sein'],
    ['tr', 'Adı 60 karakterden kısa tutun'],
  ] as const)('%s: a name of the address book one character too long', (language, expected) => {
    expect(refusal(language, AddressBookName, 'x'.repeat(61))).toBe(expected);
  });

  it.each([
    ['en', 'Keep it under 2,000 characters.'],
    ['de', 'Verwenden Sie weniger als 2.000 Zeichen.'],
    ['tr', '2.000 karakterden kısa tutun.'],
  ] as const)('%s: the limit of a long free text, grouped as the language writes numbers', (language, expected) => {
    expect(refusal(language, UserText(2_000), 'x'.repeat(2_001))).toBe(expected);
  });

  it.each([
    ['en', 'Please keep this to 1 character or fewer.', 'Please keep this to 12 characters or fewer.'],
    ['de', 'Bitte verwenden Sie höchstens 1 Zeichen.', 'Bitte verwenden Sie höchstens 12 Zeichen.'],
    ['tr', 'Lütfen en fazla 1 karakter kullanın.', 'Lütfen en fazla 12 karakter kullanın.'],
  ] as const)('%s: a text limit without words of its own, in the singular and the plural', (language, one, other) => {
    expect(refusal(language, z.string().max(1), 'xy')).toBe(one);
    expect(refusal(language, z.string().max(12), 'x'.repeat(13))).toBe(other);
  });

  it.each([
    ['en', 'Please enter at least 3 characters.', 'Please enter at most 16,384.', 'Please choose at least 2.'],
    [
      'de',
      'Bitte geben Sie mindestens 3 Zeichen ein.',
      'Bitte geben Sie höchstens 16.384 ein.',
      'Bitte wählen Sie mindestens 2 aus.',
    ],
    ['tr', 'Lütfen en az 3 karakter girin.', 'Lütfen en fazla 16.384 girin.', 'Lütfen en az 2 seçim yapın.'],
  ] as const)('%s: lower and upper limits of texts, numbers and lists', (language, shortText, bigNumber, fewChosen) => {
    expect(refusal(language, z.string().min(3), 'ab')).toBe(shortText);
    expect(refusal(language, z.number().max(16_384), 20_000)).toBe(bigNumber);
    expect(refusal(language, z.array(z.string()).min(2), ['a'])).toBe(fewChosen);
  });

  it.each([
    ['en', 'Something needed here is missing. Please fill it in and try again.'],
    ['de', 'Hier fehlt eine notwendige Angabe. Bitte ergänzen Sie sie und versuchen Sie es erneut.'],
    ['tr', 'Burada gerekli bir bilgi eksik. Lütfen doldurup yeniden deneyin.'],
  ] as const)('%s: a field left out', (language, expected) => {
    expect(refusal(language, z.object({ name: z.string() }), {})).toBe(expected);
  });

  it.each([
    ['en', 'Enter a reference id'],
    ['de', 'Geben Sie eine Referenz-ID ein'],
    ['tr', 'Bir referans kimliği girin'],
  ] as const)("%s: the dispatcher refuses in the user's language and names the field", async (language, message) => {
    setMainLanguage(language, []);
    const handlers = Object.fromEntries(operationNames.map((name) => [name, vi.fn()])) as unknown as Handlers;
    const dispatch = createDispatcher(handlers, { warn: vi.fn(), error: vi.fn() });
    const result = await dispatch('merchant.verifyStart', { referenceId: '   ', code: 'BTC', address: 'bc1qexample' });
    expect(result).toEqual({ ok: false, error: { code: 'bad_input', message, field: 'referenceId' } });
  });
});
