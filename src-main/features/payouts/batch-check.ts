import Decimal from 'decimal.js';
import type { AssetTotal, BatchCheck, PayoutRow, RowProblem } from '../../../src-preload/contract/payouts';
import { checkAddress } from '../addresses/validate-address';
import { decimalText, usdText } from '../../service/wire-amount';
import { parseBatchCsv, type ParsedRow } from './batch-csv';
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
  const rows: PayoutRow[] = [];
  const addresses = await Promise.all(parsed.rows.map((row) => checkedAddress(row)));
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
    if (row.asset === null || row.amount === null || !address?.ok) return;
    const payment = JSON.stringify([row.asset.code, address.address, row.amount]);
    const same = byPayment.get(payment);
    if (same !== undefined) {
      problems.push({
        line: row.line,
        column: 'amount',
        message: t('mainPayouts.samePayment', { line: same, code: row.asset.code }),
      });
    } else byPayment.set(payment, row.line);
    rows.push({
      line: row.line,
      code: row.asset.code,
      address: address.address,
      amount: row.amount,
      reference,
      label: row.label,
    });
  });
  const { totals, totalUsd } = await totalsOf(rows, deps);
  for (const total of totals) {
    if (total.covered) continue;
    const first = rows.find((row) => row.code === total.code);
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
  return { rows, problems, totals, totalUsd };
}

async function checkedAddress(row: ParsedRow) {
  if (row.asset === null || row.address === '') return null;
  return checkAddress(row.asset.network, row.address);
}

async function totalsOf(
  rows: readonly PayoutRow[],
  deps: BatchCheckDeps,
): Promise<{ totals: AssetTotal[]; totalUsd: string | null }> {
  if (rows.length === 0) return { totals: [], totalUsd: null };
  const wallets = await deps.wallets();
  const groups = new Map<string, PayoutRow[]>();
  for (const row of rows) groups.set(row.code, [...(groups.get(row.code) ?? []), row]);
  let totalUsd: Decimal | null = new Decimal(0);
  const totals: AssetTotal[] = [];
  for (const [code, group] of groups) {
    const amount = group.reduce((sum, row) => sum.plus(row.amount), new Decimal(0));
    const smallest = group.reduce((low, row) => (new Decimal(row.amount).lessThan(low.amount) ? row : low));
    const fee = await deps.feeOf(code, smallest.address, smallest.amount);
    const wallet = wallets.find((candidate) => candidate.symbol.toUpperCase() === code.toUpperCase());
    const fees = fee ? fee.fee.times(group.length) : new Decimal(0);
    const feeSymbol = fee?.feeSymbol ?? code;
    const needed = feeSymbol.toUpperCase() === code.toUpperCase() ? amount.plus(fees) : amount;
    const feeWallet = wallets.find((candidate) => candidate.symbol.toUpperCase() === feeSymbol.toUpperCase());
    const feeCovered =
      feeSymbol.toUpperCase() === code.toUpperCase() || (feeWallet?.amount ?? new Decimal(0)).gte(fees);
    const fiat = wallet?.price ? amount.times(wallet.price) : null;
    totalUsd = totalUsd && fiat ? totalUsd.plus(fiat) : null;
    totals.push({
      code,
      rows: group.length,
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
