import { describe, expect, it } from 'vitest';
import { IntentCloseInput } from '../../../../src-preload/contract/money';
import { closeOneWarning } from '../../../../src-renderer/src/components/close-words';

/** The start of a move as the lists show it in an Arabic display locale (format/dates.ts's options). */
function arabicWhen(): string {
  return new Intl.DateTimeFormat('ar-EG', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date('2026-11-26T05:04:00Z'),
  );
}

describe('closing an unknown move in any display locale (security.md 36)', () => {
  it('an Arabic date in the warning is taken by main, and main records the words that were shown', () => {
    // Arabic dates carry right-to-left marks, which the bridge refuses in text (security.md 34).
    expect(/\u200F/u.test(arabicWhen())).toBe(true);
    const warning = closeOneWarning('send of 0.0009 BTC to bc1qw508…kv8f3t4', arabicWhen(), 'ref-1');
    const parsed = IntentCloseInput.safeParse({
      intentIds: ['6f1d2c3a-4b5c-4d6e-8f70-8192a3b4c5d6'],
      warning,
      confirmed: true,
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.warning).toBe(warning);
  });
});
