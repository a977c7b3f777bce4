import Decimal from 'decimal.js';
import type { CallbackCheckResult } from '../../../src-preload/contract/merchant';
import type { CallbackFacts } from './callback-check';

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

function mismatchSummary(rows: Comparison['rows'], where: string): string {
  const differing = rows.filter((row) => !row.same).map((row) => row.field);
  return `Does not match the service: ${differing.join(' and ')} ${differing.length > 1 ? 'differ' : 'differs'} from ${where}. Do not credit this deposit until you know why.`;
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
    const where = `the deposit with this transaction id in the history of "${row.accountName}"`;
    return {
      summary: rows.every((r) => r.same)
        ? `${facts.address === null ? 'Amount matches' : 'Amount and Address match'} ${where}.`
        : mismatchSummary(rows, where),
      rows,
    };
  }
  if (facts.address !== null && facts.referenceId) {
    const address = await lookups.depositAddress(facts.referenceId, facts.symbol).catch(() => null);
    if (address !== null) {
      const rows = [
        { field: 'Address', callback: facts.address, service: address, same: sameAddress(facts.address, address) },
      ];
      const where = `the deposit address the service holds for reference ${facts.referenceId}`;
      return {
        summary: rows[0]?.same
          ? `Address matches ${where}. The app cannot see this deposit's amount at the service, so Amount was not compared.`
          : mismatchSummary(rows, where),
        rows,
      };
    }
  }
  return {
    summary:
      facts.address === null
        ? 'The app could not find this transaction in your accounts’ history, so Amount was not compared with the service.'
        : 'The app could not find this deposit at the service (not in your accounts’ history, and no deposit address for this reference), so Amount and Address were not compared.',
    rows: [],
  };
}
