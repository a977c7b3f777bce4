import Decimal from 'decimal.js';
import { ExactDecimal } from '../../../src-preload/contract/exact-decimal';
import { LARGEST_WHOLE_AMOUNT } from '../../../src-preload/contract/amount-limits';
import { findAssetNetwork, type AssetNetwork, type NetworkKey } from '../../../src-preload/contract/assets';
import type { PaymentUriKind, PlainQrReason } from '../../../src-preload/contract/receive';

export interface PaymentUri {
  readonly uri: string;
  readonly kind: PaymentUriKind;
}

/** EIP-155 chain ids of the EVM networks the service uses. */
const chainIds: Partial<Record<NetworkKey, number>> = { ethereum: 1, bsc: 56, optimism: 10, avalanche: 43114 };

/** Coins that are the chain's own currency: EIP-681 `value` in wei rather than a token transfer. */
const nativeCodes: ReadonlySet<string> = new Set(['ETH', 'OPT-ETH', 'BNB', 'AVAX']);

/**
 * Token contracts for EIP-681 `transfer` URIs. A wrong contract in a payment URI would make the payer's
 * wallet call a contract that is not the token, so only these well-known, EIP-55-checksummed contracts are
 * listed (Tether's and Circle's own deployments); a token without an entry gets the plain address.
 */
const tokenContracts: Readonly<Record<string, string>> = {
  USDT: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  'ETH-USDC': '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  'BSC-USD': '0x55d398326f99059fF775485246999027B3197955',
  'BSC-USDC': '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d',
  'OPT-USD': '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58',
};

/** Plain notation without exponent or trailing zeros ("0.0001", "12.5"), as BIP-21 wants. */
function plainDecimal(amount: Decimal): string {
  return amount.toFixed();
}

/**
 * Amount in the smallest unit (satoshi-like, wei): an integer, or null when the amount is finer than the asset
 * or larger than any amount the service carries (past that, not every digit would survive to the QR).
 */
function atomicUnits(amount: Decimal, decimals: number): string | null {
  if (amount.greaterThan(LARGEST_WHOLE_AMOUNT)) return null;
  const atomic = new ExactDecimal(amount).times(new ExactDecimal(10).pow(decimals));
  return atomic.isInteger() ? atomic.toFixed(0) : null;
}

/**
 * What a deposit QR code carries. With an expected amount: BIP-21 (`bitcoin:`, `litecoin:`) for UTXO
 * chains, EIP-681 (`ethereum:<addr>@<chainId>?value=<wei>`) for a chain's native coin and
 * (`ethereum:<token>@<chainId>/transfer?address=<addr>&uint256=<units>`) for a token whose contract is known,
 * Solana Pay (`solana:<addr>?amount=<SOL>`) for SOL itself. Without an amount, or with no standard the app
 * knows for the asset (TRON has none that wallets agree on, and an asset outside the app's table has no
 * known scheme at all), the plain address: every wallet can read that.
 */
export function paymentUriFor(code: string, address: string, amount: string | undefined): PaymentUri {
  const plain: PaymentUri = { uri: address, kind: 'address' };
  const asset: AssetNetwork | undefined = findAssetNetwork(code);
  if (amount === undefined || !asset) return plain;
  const value = new Decimal(amount);
  if (!value.isFinite() || value.lte(0)) return plain;

  switch (asset.network) {
    case 'bitcoin':
    case 'litecoin':
      if (value.decimalPlaces() > asset.decimals) return plain;
      return { uri: `${asset.network}:${address}?amount=${plainDecimal(value)}`, kind: 'bip21' };
    case 'tron':
      return plain;
    case 'solana':
      if (asset.code !== 'SOL' || value.decimalPlaces() > asset.decimals) return plain;
      return { uri: `solana:${address}?amount=${plainDecimal(value)}`, kind: 'solana-pay' };
    case 'ethereum':
    case 'bsc':
    case 'optimism':
    case 'avalanche': {
      const chainId = chainIds[asset.network];
      const units = atomicUnits(value, asset.decimals);
      if (chainId === undefined || units === null) return plain;
      if (nativeCodes.has(asset.code))
        return { uri: `ethereum:${address}@${chainId}?value=${units}`, kind: 'eip681-native' };
      const contract = tokenContracts[asset.code];
      if (!contract) return plain;
      return {
        uri: `ethereum:${contract}@${chainId}/transfer?address=${address}&uint256=${units}`,
        kind: 'eip681-token',
      };
    }
  }
}

/** Why a QR code holds only the address, or null when it holds a payment link. */
export function plainQrReasonOf(code: string, amount: string | undefined, payment: PaymentUri): PlainQrReason | null {
  if (payment.kind !== 'address') return null;
  if (!findAssetNetwork(code)) return 'unknown-network';
  return amount === undefined ? 'no-amount' : 'no-scheme';
}
