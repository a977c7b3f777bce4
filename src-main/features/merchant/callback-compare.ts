import Decimal from 'decimal.js';
import type { CallbackCheckResult } from '../../../src-preload/contract/merchant';
import type { CallbackFacts } from './callback-check';
import { t, textLocale } from '../../i18n/main-text';

type Comparison = NonNullable<CallbackCheckResult['comparison']>;

/** Where the app can see a deposit at the service. Each answers null when it does not show it. */
export interface DepositLookups {
  /** A Deposit row with this transaction id in the history of one of the user's accounts (Interface A). */
  history(uniqueId: string): Promise<{
    amount: number;
    address: string;
    symbol: string;
    accountName: string;
  } | null>;
  /** The deposit address the service holds for this reference and symbol (Interface B). */
  depositAddress(referenceId: string, symbol: string): Promise<string | null>;
}

function sameAmount(a: string, b: string): boolean {
  try {
    return new Decimal(a).equals(new Decimal(b));
  } catch {
    return false;
  }
}

function sameAddress(a: string, b: string): boolean {
  // EVM addresses differ only in checksum case; others are case-sensitive (bech32 is lower case anyway).
  return /^0x[0-9a-fA-F]{40}$/.test(a) ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** Where the service's side of a comparison came from, named inside the verdict's own sentence. */
type Where =
  | { readonly where: 'history'; readonly account: string }
  | { readonly where: 'reference'; readonly referenceId: string };

function mismatchSummary(rows: Comparison['rows'], where: Where): string {
  // The field names are the callback's own (Amount, Address ...): protocol words, joined as the language joins a list.
  const differing = rows.filter((row) => !row.same).map((row) => row.field);
  return t('mainMerchant.compare.mismatch', {
    ...where,
    fields: new Intl.ListFormat(textLocale(), { type: 'conjunction' }).format(differing),
    count: differing.length,
  });
}

/**
 * Whether the service holds the deposit's address for the callback's ReferenceId. In the spec's shape the
 * Signature does not cover ReferenceId either, and it names whom the merchant credits: a real deposit's
 * UniqueId, Amount and Address beside someone else's reference must not read as a match. Null when there
 * is nothing to compare (the SDK's shape, whose HMAC covers the reference, or a look-up that found nothing).
 */
async function referenceRow(
  facts: CallbackFacts,
  depositAddress: string,
  lookups: DepositLookups,
): Promise<Comparison['rows'][number] | null> {
  if (facts.address === null || !facts.referenceId) return null;
  const held = await lookups.depositAddress(facts.referenceId, facts.symbol).catch(() => null);
  if (held === null) return null;
  const same = sameAddress(held, depositAddress);
  return {
    field: 'ReferenceId',
    callback: facts.referenceId,
    service: same ? facts.referenceId : t('mainMerchant.compare.notReferenceOf', { address: depositAddress }),
    same,
  };
}

/**
 * Puts the callback's Amount and Address beside what the service itself shows: a valid spec Signature does
 * not cover them (callback-check.ts), so this is how a merchant learns whether they can be trusted. Reads
 * only. A look-up that fails counts as not seen, and the verdict says that nothing was compared.
 */
export async function compareWithService(facts: CallbackFacts, lookups: DepositLookups): Promise<Comparison> {
  // A pasted id goes into a history search: only one of a plausible length.
  const row = facts.uniqueId.length <= 200 ? await lookups.history(facts.uniqueId).catch(() => null) : null;
  if (row) {
    const rows: Comparison['rows'] = [
      {
        field: 'Amount',
        callback: facts.amount,
        service: String(row.amount),
        same: sameAmount(facts.amount, String(row.amount)),
      },
      { field: 'Symbol', callback: facts.symbol, service: row.symbol, same: facts.symbol === row.symbol },
    ];
    if (facts.address !== null)
      rows.splice(1, 0, {
        field: 'Address',
        callback: facts.address,
        service: row.address,
        same: sameAddress(facts.address, row.address),
      });
    const where: Where = { where: 'history', account: row.accountName };
    const reference = await referenceRow(facts, row.address, lookups);
    if (reference) rows.push(reference);
    if (!rows.every((r) => r.same)) return { summary: mismatchSummary(rows, where), rows };
    if (facts.address === null)
      return { summary: t('mainMerchant.compare.amountMatches', { account: row.accountName }), rows };
    if (reference) return { summary: t('mainMerchant.compare.allMatch', { account: row.accountName }), rows };
    return {
      summary: t('mainMerchant.compare.referenceNotCompared', {
        account: row.accountName,
        referenceId: facts.referenceId ?? '',
      }),
      rows,
    };
  }
  if (facts.address !== null && facts.referenceId) {
    const address = await lookups.depositAddress(facts.referenceId, facts.symbol).catch(() => null);
    if (address !== null) {
      const rows = [
        { field: 'Address', callback: facts.address, service: address, same: sameAddress(facts.address, address) },
      ];
      return {
        summary: rows[0]?.same
          ? t('mainMerchant.compare.addressMatches', { referenceId: facts.referenceId })
          : mismatchSummary(rows, { where: 'reference', referenceId: facts.referenceId }),
        rows,
      };
    }
  }
  return {
    summary: facts.address === null ? t('mainMerchant.compare.notFoundSdk') : t('mainMerchant.compare.notFoundSpec'),
    rows: [],
  };
}
