import Decimal from 'decimal.js';
import type { AssetTotal, BatchCheck, PayoutRow, RowProblem } from '../../../src-preload/contract/payouts';
import { addressChecker } from '../addresses/validate-address';
import { ExactDecimal } from '../../../src-preload/contract/exact-decimal';
import { decimalText, usdText } from '../../service/wire-amount';
import { parseBatchCsv } from './batch-csv';
import { t } from '../../i18n/main-text';
import { localeDecimal } from '../../i18n/main-numbers';

/** What a check asks of the account and the app, read once per check, never per row. */
export interface BatchCheckDeps {
  /** Whether a send this app knows, or another draft, already has this reference. */
  knowsReference(reference: string): boolean;
  /** The balances the batch pays from, with the USD price per symbol where it is known. */
  wallets(): Promise<readonly { symbol: string; amount: Decimal; price: Decimal | null }[]>;
  /**
   * The fee of one send of this asset at the Standard level, from one precheck of a row of the file; null
   * when the service would not say (a role that may not send, an answer the app cannot read).
   */
  feeOf(code: string, address: string, amount: string): Promise<{ fee: Decimal; feeSymbol: string } | null>;
  /** Makes a reference for a row that has none. */
  newReference(): string;
  /**
   * For withdrawals: why an address may not be paid (not verified for the asset), or null when it may. Absent
   * for sends, which go to any valid address.
   */
  verified?: ((code: string, address: string) => string | null) | undefined;
}

/**
 * Checks every row of a payout file before anything moves: the file's own form (batch-csv.ts), each address's
 * format and checksum for its network (security.md 26), references repeated inside the file or already known
 * to the app, identical payments, and per asset the total plus fees against the balance. Every problem is
 * said by line and column. A row without a reference gets one here, so the draft fixes it before any send.
 */
export async function checkBatch(
  lines: readonly string[],
  decimalSeparator: '.' | ',',
  deps: BatchCheckDeps,
): Promise<BatchCheck> {
  const parsed = parseBatchCsv(lines, decimalSeparator);
  const problems: RowProblem[] = [...parsed.problems];
  /** Each payable row with its amount as the parser read it: the draft's rows, and the totals. */
  const payable: Payable[] = [];
  // The checksum libraries load only for a file with an address to check: a file refused for its header or
  // its assets says so by line and column, whatever became of them.
  const needsCheck = parsed.rows.some((row) => row.asset !== null && row.address !== '');
  const check = needsCheck ? await addressChecker() : null;
  const addresses = parsed.rows.map((row) =>
    check === null || row.asset === null || row.address === '' ? null : check(row.asset.network, row.address),
  );
  const byReference = new Map<string, number>();
  const byPayment = new Map<string, number>();
  parsed.rows.forEach((row, index) => {
    const address = addresses[index];
    if (address && !address.ok) problems.push({ line: row.line, column: 'address', message: address.reason });
    const unverified =
      address?.ok && row.asset && deps.verified ? deps.verified(row.asset.code, address.address) : null;
    if (unverified) problems.push({ line: row.line, column: 'address', message: unverified });
    const reference = row.reference === '' ? deps.newReference() : row.reference;
    if (row.reference !== '') {
      const earlier = byReference.get(reference);
      if (earlier !== undefined) {
        problems.push({
          line: row.line,
          column: 'reference',
          message: t('mainPayouts.referenceRepeated', { reference, line: earlier }),
        });
      } else if (deps.knowsReference(reference)) {
        problems.push({
          line: row.line,
          column: 'reference',
          message: t('mainPayouts.referenceKnown', { reference }),
        });
      }
      byReference.set(reference, byReference.get(reference) ?? row.line);
    }
    if (row.asset === null || row.amount === null || row.value === null || !address?.ok) return;
    const payment = JSON.stringify([row.asset.code, address.address, row.amount]);
    const same = byPayment.get(payment);
    if (same !== undefined) {
      problems.push({
        line: row.line,
        column: 'amount',
        message: t('mainPayouts.samePayment', { line: same, code: row.asset.code }),
      });
    } else byPayment.set(payment, row.line);
    payable.push({
      row: {
        line: row.line,
        code: row.asset.code,
        address: address.address,
        amount: row.amount,
        reference,
        label: row.label,
      },
      value: row.value,
    });
  });
  const { totals, totalUsd } = await totalsOf(payable, deps);
  for (const total of totals) {
    if (total.covered) continue;
    const first = payable.find((each) => each.row.code === total.code)?.row;
    const amounts = {
      code: total.code,
      amount: localeDecimal(total.amount),
      available: localeDecimal(total.available ?? '0'),
      fees: localeDecimal(total.fees),
      feeSymbol: total.feeSymbol,
    };
    problems.push({
      line: first?.line ?? 1,
      column: 'amount',
      message:
        total.feeSymbol === total.code
          ? t('mainPayouts.totalTooHighWithFees', amounts)
          : t('mainPayouts.totalTooHigh', amounts),
    });
  }
  problems.sort((a, b) => a.line - b.line);
  return { rows: payable.map((each) => each.row), problems, totals, totalUsd };
}

/** A row that will be paid, with its amount as a number to add and compare. */
interface Payable {
  readonly row: PayoutRow;
  readonly value: Decimal;
}

interface AssetGroup {
  rows: number;
  amount: Decimal;
  smallest: Payable;
}

/** Per asset, in the order the file first names it: how many rows, their exact sum and the smallest payment. */
function groupsOf(payable: readonly Payable[]): Map<string, AssetGroup> {
  const groups = new Map<string, AssetGroup>();
  for (const each of payable) {
    const group = groups.get(each.row.code);
    if (group === undefined) {
      groups.set(each.row.code, { rows: 1, amount: new ExactDecimal(each.value), smallest: each });
      continue;
    }
    group.rows += 1;
    group.amount = group.amount.plus(each.value);
    if (each.value.lessThan(group.smallest.value)) group.smallest = each;
  }
  return groups;
}

async function totalsOf(
  payable: readonly Payable[],
  deps: BatchCheckDeps,
): Promise<{ totals: AssetTotal[]; totalUsd: string | null }> {
  if (payable.length === 0) return { totals: [], totalUsd: null };
  const wallets = await deps.wallets();
  let totalUsd: Decimal | null = new ExactDecimal(0);
  const totals: AssetTotal[] = [];
  for (const [code, group] of groupsOf(payable)) {
    const { amount, smallest } = group;
    const fee = await deps.feeOf(code, smallest.row.address, smallest.row.amount);
    const wallet = wallets.find((candidate) => candidate.symbol.toUpperCase() === code.toUpperCase());
    const fees = fee ? new ExactDecimal(fee.fee).times(group.rows) : new ExactDecimal(0);
    const feeSymbol = fee?.feeSymbol ?? code;
    const needed = feeSymbol.toUpperCase() === code.toUpperCase() ? amount.plus(fees) : amount;
    const feeWallet = wallets.find((candidate) => candidate.symbol.toUpperCase() === feeSymbol.toUpperCase());
    const feeCovered =
      feeSymbol.toUpperCase() === code.toUpperCase() || (feeWallet?.amount ?? new Decimal(0)).gte(fees);
    const fiat = wallet?.price ? amount.times(wallet.price) : null;
    totalUsd = totalUsd && fiat ? totalUsd.plus(fiat) : null;
    totals.push({
      code,
      rows: group.rows,
      amount: decimalText(amount),
      fees: decimalText(fees),
      feeSymbol,
      available: wallet ? decimalText(wallet.amount) : null,
      fiatUsd: fiat ? usdText(fiat) : null,
      covered: wallet !== undefined && wallet.amount.gte(needed) && feeCovered,
    });
  }
  return { totals, totalUsd: totalUsd ? usdText(totalUsd) : null };
}
