import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import type { BatchCheck, CsvCheckInput, WithdrawalTarget } from '../../../src-preload/contract/payouts';
import { AppError } from '../../app-error';
import { fromServiceNumber, toServiceNumber } from '../../service/wire-amount';
import { checkBatch } from './batch-check';
import type { DraftReader } from './draft-access';
import { knowsReference, reader, requireWithdrawals, type PayoutContext } from './payout-context';
import { STANDARD_FEE } from './row-movers';
import { t } from '../../i18n/main-text';

/** Checks a payout file: rows, references, balances and fees, against the send's or the merchant's wallets. */
export function checkPayoutFile(ctx: PayoutContext, input: CsvCheckInput): Promise<BatchCheck> {
  const who = reader(ctx);
  if (input.withdrawal !== undefined) return checkWithdrawals(ctx, input, input.withdrawal, who);
  const client = ctx.deps.session.interfaceA();
  return checkBatch(input.lines, input.decimalSeparator, {
    knowsReference: (reference) => knowsReference(ctx, reference),
    newReference: () => randomUUID(),
    async wallets() {
      const { wallets } = await client.getWallets();
      return wallets.map((wallet) => ({
        symbol: wallet.symbol,
        amount: fromServiceNumber(wallet.amount),
        price: fromServiceNumber(wallet.price),
      }));
    },
    async feeOf(code, address, amount) {
      try {
        const result = await client.sendPrecheck({ symbol: code, address, amount: toServiceNumber(amount) });
        const standard = result.feeData.find((fee) => fee.feeRate === STANDARD_FEE);
        return standard ? { fee: fromServiceNumber(standard.fee), feeSymbol: standard.symbol } : null;
      } catch (error) {
        ctx.deps.logger.info('payout check could not read a fee', {
          asset: code,
          error: error instanceof AppError ? error.code : 'unknown',
        });
        return null;
      }
    },
  });
}

/**
 * A batch of merchant withdrawals: the checks of a send batch, and each address must be verified for its
 * asset under the batch's member reference with the user's merchant keys; totals are against the merchant
 * balances. Interface B quotes no withdrawal fee, so none is added.
 */
async function checkWithdrawals(
  ctx: PayoutContext,
  input: CsvCheckInput,
  target: WithdrawalTarget,
  who: DraftReader,
): Promise<BatchCheck> {
  if (who.active.isPersonalAccount) {
    throw new AppError('forbidden', t('mainPayouts.personalNoWithdrawals'));
  }
  const withdrawals = requireWithdrawals(ctx);
  const [verified, balances, prices] = await Promise.all([
    withdrawals.verifiedUnder(target.memberReference),
    withdrawals.balances(),
    walletPrices(ctx),
  ]);
  return checkBatch(input.lines, input.decimalSeparator, {
    knowsReference: (reference) => knowsReference(ctx, reference),
    newReference: () => randomUUID(),
    verified: (code, address) =>
      verified(code, address) ? null : t('mainPayouts.notVerified', { code, memberReference: target.memberReference }),
    async wallets() {
      return balances.map((balance) => ({
        symbol: balance.code,
        amount: new Decimal(balance.amount),
        price: prices.find((wallet) => wallet.symbol.toUpperCase() === balance.code.toUpperCase())?.price ?? null,
      }));
    },
    feeOf: async () => null,
  });
}

/** USD prices of the active account's wallets, by the service's codes; none when they cannot be read. */
async function walletPrices(ctx: PayoutContext): Promise<{ symbol: string; price: Decimal }[]> {
  try {
    const { wallets } = await ctx.deps.session.interfaceA().getWallets();
    return wallets.map((wallet) => ({ symbol: wallet.symbol, price: fromServiceNumber(wallet.price) }));
  } catch (error) {
    ctx.deps.logger.info('payout check could not read prices', {
      error: error instanceof AppError ? error.code : 'unknown',
    });
    return [];
  }
}
