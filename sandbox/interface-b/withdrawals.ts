import Decimal from 'decimal.js';
import { isValidAddress } from '../data/addresses';
import type { Listing } from './assets';
import { ZError } from './envelope';
import type { Merchant } from './merchants';
import type { TotpGuard } from '../totp-guard';

export interface WithdrawRequest {
  referenceId: string;
  amount: Decimal;
  listing: Listing;
  address: string;
  label: string;
  merchantTransactionId: string;
  tfaCode: string;
  email: string;
}

export interface WithdrawResult {
  txId: string;
  explorerUrl: string;
  success: boolean;
}

interface LedgerEntry {
  fingerprint: string;
  result: WithdrawResult;
}

/**
 * The body minus the two-factor code: a deliberate retry of the same withdrawal needs a fresh code
 * (a code is used once), yet must still be recognised as the same request.
 */
function fingerprintOf(r: WithdrawRequest): string {
  return JSON.stringify([
    r.referenceId,
    r.amount.toFixed(),
    r.listing.symbol,
    r.listing.networkId,
    r.address,
    r.label,
    r.email.toLowerCase(),
  ]);
}

export interface WithdrawOutcome {
  result: WithdrawResult;
  /** True when this answers a repeat of an already committed MerchantTransactionId. */
  replayed: boolean;
}

/**
 * Withdrawals keyed by merchant and MerchantTransactionId, so a repeated request moves money at most
 * once. Everything from the duplicate check to the debit runs without an await, which keeps two
 * concurrent requests with one id from both passing the check.
 */
export class WithdrawalLedger {
  readonly #entries = new Map<string, LedgerEntry>();

  constructor(
    private readonly totp: TotpGuard,
    private readonly newTxId: (listing: Listing) => WithdrawResult,
  ) {}

  withdraw(merchant: Merchant, request: WithdrawRequest): WithdrawOutcome {
    const key = JSON.stringify([merchant.publicKey, request.merchantTransactionId]);
    const fingerprint = fingerprintOf(request);
    const previous = this.#entries.get(key);
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        throw new ZError('Z600', 'MerchantTransactionId already used with a different body');
      }
      return { result: previous.result, replayed: true };
    }
    if (request.email.toLowerCase() !== merchant.email.toLowerCase()) {
      throw new ZError('Z600', 'Email is not the merchant e-mail');
    }
    if (!isValidAddress(request.listing.addressKind, request.address)) {
      throw new ZError('Z600', `address does not suit ${request.listing.network}`);
    }
    if (request.amount.lte(0) || request.amount.decimalPlaces() > request.listing.decimals) {
      throw new ZError('Z600', 'amount must be positive with the asset precision');
    }
    const balance = merchant.balances[request.listing.balanceField];
    if (balance.lt(request.amount)) throw new ZError('Z600', 'insufficient balance');
    // Last check before the commit, so a refused request never burns the user's code.
    if (!this.totp.consume(merchant.publicKey, merchant.totpSecret, request.tfaCode)) {
      throw new ZError('Z600', 'two-factor code wrong or already used');
    }
    merchant.balances[request.listing.balanceField] = balance.minus(request.amount);
    const result = this.newTxId(request.listing);
    this.#entries.set(key, { fingerprint, result });
    return { result, replayed: false };
  }
}
