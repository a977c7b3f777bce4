import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../../src-main/app-error';
import { IntentLedger } from '../../../../../src-main/features/money/at-most-once';
import { requireAcknowledged } from '../../../../../src-main/features/money/unresolved-guard';
import { setMainLanguage } from '../../../../../src-main/i18n/main-text';

type Body = { amount: string };

/** A ledger holding `count` moves whose outcome is unknown (a dropped connection each). */
async function unknownMoves(count: number) {
  const ledger = new IntentLedger<Body, string>();
  for (let n = 1; n <= count; n += 1) {
    const intent = ledger.confirm({ amount: String(n) });
    await ledger
      .submit(intent.id, async () => {
        throw new Error('ECONNRESET');
      })
      .catch(() => undefined);
  }
  return ledger.unknown();
}

function refusal(intents: Awaited<ReturnType<typeof unknownMoves>>): string {
  try {
    requireAcknowledged(intents, undefined, (intent) => `M${intent.body.amount}`);
  } catch (error) {
    if (error instanceof AppError && error.code === 'unresolved_intent') return error.message;
    throw error;
  }
  throw new Error('not refused');
}

afterEach(() => setMainLanguage('en', ['en-US']));

describe('the refusal naming earlier moves that may have gone through, in the chosen language', () => {
  it.each([
    [
      'en',
      1,
      'An earlier request may already have gone through: M1. Check its status first, or confirm that you want a new one anyway.',
    ],
    [
      'en',
      2,
      'Earlier requests may already have gone through: M1; M2. Check their status first, or confirm that you want a new one anyway.',
    ],
    [
      'en',
      6,
      'Earlier requests may already have gone through: M1; M2; M3; M4; M5, and 1 more listed with them. Check their status first, or confirm that you want a new one anyway.',
    ],
    [
      'en',
      8,
      'Earlier requests may already have gone through: M1; M2; M3; M4; M5, and 3 more listed with them. Check their status first, or confirm that you want a new one anyway.',
    ],
    [
      'de',
      1,
      'Ein früherer Vorgang wurde möglicherweise bereits ausgeführt: M1. Prüfen Sie zuerst seinen Status, oder bestätigen Sie, dass Sie trotzdem einen neuen Vorgang starten möchten.',
    ],
    [
      'de',
      7,
      'Frühere Vorgänge wurden möglicherweise bereits ausgeführt: M1; M2; M3; M4; M5, sowie 2 weitere, die dort mit aufgeführt sind. Prüfen Sie zuerst ihren Status, oder bestätigen Sie, dass Sie trotzdem einen neuen Vorgang starten möchten.',
    ],
    [
      'tr',
      2,
      'Önceki işlemler zaten gerçekleşmiş olabilir: M1; M2. Önce durumlarını kontrol edin ya da yine de yeni bir işlem istediğinizi onaylayın.',
    ],
    [
      'tr',
      6,
      'Önceki işlemler zaten gerçekleşmiş olabilir: M1; M2; M3; M4; M5; bunlarla birlikte listelenen 1 işlem daha var. Önce durumlarını kontrol edin ya da yine de yeni bir işlem istediğinizi onaylayın.',
    ],
  ] as const)('%s, %i unknown', async (language, count, expected) => {
    setMainLanguage(language, [language]);
    expect(refusal(await unknownMoves(count))).toBe(expected);
  });
});
