import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { findAssetNetwork, networks } from '../../../src-preload/contract/assets';
import type { SwapQuote, SwapSymbolsView } from '../../../src-preload/contract/swap';
import { AppError } from '../../app-error';
import { t } from '../../i18n/main-text';
import type { SwapRequest } from '../../service/interface-a-schemas';
import { decimalText as text, fromServiceNumber, toServiceNumber } from '../../service/wire-amount';
import { explainRefusal } from '../money/money-errors';
import type { SwapContext } from './swap-context';

export interface SwapQuoteInput {
  readonly fromSymbol: string;
  readonly fromNetwork: string;
  readonly toSymbol: string;
  readonly toNetwork: string;
  readonly amount: string;
  readonly isUsdInput: boolean;
}

/** Spec 2.2 SwapBalance field → asset symbol. */
const BALANCE_FIELDS = {
  btcBalance: 'BTC',
  ethBalance: 'ETH',
  usdtBalance: 'USDT',
  trxBalance: 'TRX',
  bnbBalance: 'BNB',
  ltcBalance: 'LTC',
  solBalance: 'SOL',
  avaxBalance: 'AVAX',
} as const;

/** The pairs the service swaps, with the wallets and balances a swap can take from. */
export async function swapSymbols(context: SwapContext): Promise<SwapSymbolsView> {
  const client = context.deps.session.interfaceA();
  const [result, wallets] = await Promise.all([client.getSwapSymbols(), client.getWallets()]);
  return {
    pairs: result.symbolList.map((pair) => ({ ...pair })),
    // A swap takes its amount from one network's wallet, not from the asset's sum over networks. A wallet
    // on a network the app does not know is the service's word for that asset there (its symbol).
    wallets: wallets.wallets.map((wallet) => {
      const entry = findAssetNetwork(wallet.symbol);
      return {
        asset: entry?.asset ?? wallet.symbol,
        network: entry ? networks[entry.network].name : wallet.network,
        code: entry?.code ?? wallet.symbol,
        amount: text(fromServiceNumber(wallet.amount)),
      };
    }),
    balances: (Object.keys(BALANCE_FIELDS) as (keyof typeof BALANCE_FIELDS)[]).map((field) => ({
      asset: BALANCE_FIELDS[field],
      amount: text(fromServiceNumber(result.balance[field])),
    })),
  };
}

/** A quote (spec 4.1 #10), kept in main with a short expiry: the only thing a confirmation can take. */
export async function swapQuote(context: SwapContext, input: SwapQuoteInput): Promise<SwapQuote> {
  const { deps, ttl } = context;
  const account = deps.session.requireMoneyMovingRole('swap');
  if (input.fromSymbol.toUpperCase() === input.toSymbol.toUpperCase()) {
    throw new AppError('invalid_symbol', t('mainSwap.sameAssets'), { field: 'toSymbol' });
  }
  const amount = new Decimal(input.amount);
  const request: SwapRequest = {
    fromSymbol: input.fromSymbol,
    fromNetwork: input.fromNetwork,
    toSymbol: input.toSymbol,
    toNetwork: input.toNetwork,
    amount: toServiceNumber(amount),
    isUsdInput: input.isUsdInput,
  };
  let result;
  try {
    result = await deps.session.interfaceA().swapPrecheck(request);
  } catch (error) {
    throw error instanceof AppError ? explainRefusal(error, context.role) : error;
  }
  const cryptoAmount = fromServiceNumber(result.cryptoAmount);
  const toAmount = fromServiceNumber(result.toAmount);
  if (cryptoAmount.lessThanOrEqualTo(0) || toAmount.lessThanOrEqualTo(0)) {
    throw new AppError('bad_input', t('mainSwap.tooSmall'), { field: 'amount' });
  }
  const expiresAtMs = context.now() + ttl;
  const view: SwapQuote = {
    quoteId: randomUUID(),
    fromSymbol: request.fromSymbol,
    fromNetwork: request.fromNetwork,
    toSymbol: request.toSymbol,
    toNetwork: request.toNetwork,
    amount: text(amount),
    isUsdInput: request.isUsdInput,
    cryptoAmount: text(cryptoAmount),
    toAmount: text(toAmount),
    rate: text(toAmount.dividedBy(cryptoAmount).toSignificantDigits(10, Decimal.ROUND_DOWN)),
    expiresAt: new Date(expiresAtMs).toISOString(),
    validForSeconds: Math.round(ttl / 1000),
  };
  context.quotes.add(view.quoteId, { view, accountGuid: account.guid, request, expiresAtMs });
  return view;
}
