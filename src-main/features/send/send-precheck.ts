import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { ExactDecimal } from '../../../src-preload/contract/exact-decimal';
import {
  displayDecimals,
  findAssetNetwork,
  networks,
  ServiceSymbol as ServiceSymbolShape,
  type ServiceSymbol,
} from '../../../src-preload/contract/assets';
import type { FeeRate, PoisoningWarning, SendAsset, SendPrecheck } from '../../../src-preload/contract/send';
import { AppError } from '../../app-error';
import { t } from '../../i18n/main-text';
import type { InterfaceAClient } from '../../service/interface-a';
import type { SendPrecheckResult } from '../../service/interface-a-schemas';
import {
  decimalText as text,
  floorToServiceNumber,
  fromServiceNumber,
  toServiceNumber,
  usdText,
} from '../../service/wire-amount';
import { requireValidAddress } from '../addresses/validate-address';
import { explainRefusal } from '../money/money-errors';
import { precisionWords, servicePrecision } from '../money/service-precision';
import { findLookalike } from './poisoning';
import type { SendContext, StoredFee } from './send-context';
import { requireUncheckedAddress } from './unchecked-address';

export interface SendPrecheckInput {
  readonly code: ServiceSymbol;
  readonly address: string;
  readonly amount: string;
  readonly maxFeeRate?: FeeRate | undefined;
}

interface Destination {
  readonly address: string;
  readonly network: string;
  readonly decimals: number;
  readonly checked: boolean;
  readonly placesWhy: string;
}

async function servicePrecheck(
  context: SendContext,
  client: InterfaceAClient,
  code: ServiceSymbol,
  address: string,
  amount: Decimal,
): Promise<SendPrecheckResult> {
  try {
    return await client.sendPrecheck({ symbol: code, address, amount: toServiceNumber(amount) });
  } catch (error) {
    throw error instanceof AppError ? explainRefusal(error, context.role) : error;
  }
}

function feeOptions(
  result: SendPrecheckResult,
  code: ServiceSymbol,
  amount: Decimal,
  available: Decimal,
  decimals: number,
): StoredFee[] {
  return [...result.feeData]
    .sort((a, b) => a.feeRate - b.feeRate)
    .map((data) => {
      const fee = fromServiceNumber(data.fee);
      // A token's fee is paid from the chain's native wallet, so it does not reduce the token amount.
      const paidFromSameWallet = data.symbol.toUpperCase() === code.toUpperCase();
      const room = paidFromSameWallet ? new ExactDecimal(available).minus(fee) : available;
      const maxAmount = floorToServiceNumber(Decimal.max(room, 0), decimals);
      return {
        feeRate: data.feeRate,
        fee: text(fee),
        feeDecimal: fee,
        feeSymbol: data.symbol,
        feeUsd: usdText(fromServiceNumber(data.usd)),
        arrivalEstimation: data.arrivalEstimation,
        affordable: amount.lessThanOrEqualTo(maxAmount),
        maxAmount: text(maxAmount),
      };
    });
}

/**
 * Where a send goes and how it is checked. A network of the app's table: format and checksum before
 * anything reaches the service (security.md 26). Any other wallet the service lists: sendable, but with no
 * local check (the user confirms the address instead), the precision the service's own amounts of that
 * wallet show, and the service's precheck answering the exact amount entered as the proof of it.
 */
async function destinationOf(client: InterfaceAClient, code: string, input: string): Promise<Destination> {
  const entry = findAssetNetwork(code);
  if (entry) {
    const address = await requireValidAddress(entry.network, input);
    const network = networks[entry.network].name;
    return { address, network, decimals: entry.decimals, checked: true, placesWhy: '' };
  }
  const { wallets } = await client.getWallets();
  const wallet = wallets.find((candidate) => candidate.symbol === code);
  if (!wallet) {
    throw new AppError('invalid_symbol', t('mainSend.noWallet'), {
      field: 'code',
    });
  }
  const address = requireUncheckedAddress(input);
  const precision = await servicePrecision(client, wallet.symbol, wallet.amount);
  return {
    address,
    network: wallet.network,
    decimals: precision.decimals,
    checked: false,
    placesWhy: ` ${precisionWords(code, wallet.network, precision)}`,
  };
}

/** The amount a send takes: Max from the balance and fees, or the amount entered within its places. */
async function amountOf(
  context: SendContext,
  client: InterfaceAClient,
  input: SendPrecheckInput,
  destination: Destination,
): Promise<Decimal> {
  const { address, decimals } = destination;
  if (input.amount === 'max') {
    // The smallest amount the service accepts tells the balance and fees; Max follows from them.
    const probe = new Decimal(1).dividedBy(new Decimal(10).pow(displayDecimals(input.code)));
    const first = await servicePrecheck(context, client, input.code, address, probe);
    const available = fromServiceNumber(first.availableBalance);
    const option = feeOptions(first, input.code, probe, available, decimals).find(
      (fee) => fee.feeRate === (input.maxFeeRate ?? 1),
    );
    const amount = new Decimal(option?.maxAmount ?? 0);
    if (amount.lessThanOrEqualTo(0)) {
      throw new AppError('insufficient_balance', t('mainSend.nothingLeft'), {
        field: 'amount',
      });
    }
    return amount;
  }
  const amount = new Decimal(input.amount);
  if (amount.decimalPlaces() > decimals) {
    throw new AppError(
      'bad_input',
      `${t('mainSend.tooManyPlaces', { code: input.code, decimals })}${destination.placesWhy}`,
      { field: 'amount' },
    );
  }
  return amount;
}

/** The precheck (spec 4.1 #7): kept in main, it is the only thing a confirmation can take. */
export async function sendPrecheck(context: SendContext, input: SendPrecheckInput): Promise<SendPrecheck> {
  const { deps } = context;
  const account = deps.session.requireMoneyMovingRole('send');
  const client = deps.session.interfaceA();
  const destination = await destinationOf(client, input.code, input.address);
  const { address, network, decimals } = destination;
  const amount = await amountOf(context, client, input, destination);

  const result = await servicePrecheck(context, client, input.code, address, amount);
  if (!fromServiceNumber(result.amount).equals(amount) || result.address.toLowerCase() !== address.toLowerCase()) {
    throw new AppError('service_error', t('mainSend.differentSend'));
  }
  const available = fromServiceNumber(result.availableBalance);
  const price = fromServiceNumber(result.price);
  const fees = feeOptions(result, input.code, amount, available, decimals);
  const poisoningWarning: PoisoningWarning | null = findLookalike(address, await context.knownAddresses.list(client));
  if (poisoningWarning) deps.logger.warn('destination looks like a known address', { source: poisoningWarning.source });

  const precheckId = randomUUID();
  const expiresAtMs = context.now() + context.ttl;
  const view: SendPrecheck = {
    precheckId,
    code: input.code,
    network,
    address,
    addressChecked: destination.checked,
    amount: text(amount),
    isMax: input.amount === 'max',
    priceUsd: text(price),
    amountUsd: usdText(amount.times(price)),
    availableBalance: text(available),
    feeOptions: fees.map(({ feeDecimal: _omit, ...option }) => option),
    poisoningWarning,
    expiresAt: new Date(expiresAtMs).toISOString(),
  };
  context.prechecks.add(precheckId, { view, accountGuid: account.guid, amount, fees, expiresAtMs });
  return view;
}

/** The wallets a send can take from: the service's list is the truth, the table only adds what the app knows. */
export async function sendAssets(context: SendContext): Promise<SendAsset[]> {
  const client = context.deps.session.interfaceA();
  const wallets = await client.getWallets();
  const listed = wallets.wallets.filter((wallet) => ServiceSymbolShape.safeParse(wallet.symbol).success);
  return Promise.all(
    listed.map(async (wallet): Promise<SendAsset> => {
      const entry = findAssetNetwork(wallet.symbol);
      const precision = entry
        ? { decimals: entry.decimals, source: 'known' as const }
        : await servicePrecision(client, wallet.symbol, wallet.amount);
      return {
        code: entry?.code ?? wallet.symbol,
        asset: entry?.asset ?? wallet.symbol,
        displayName: wallet.displayName,
        network: entry ? networks[entry.network].name : wallet.network,
        balance: text(fromServiceNumber(wallet.amount)),
        priceUsd: text(fromServiceNumber(wallet.price)),
        addressCheck: entry !== undefined,
        decimals: precision.decimals,
        decimalsFrom: precision.source,
      };
    }),
  );
}
