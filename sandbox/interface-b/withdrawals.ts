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

/** How a withdrawal request is judged: the kind profile's courtesies, or none (strict). */
export interface WithdrawRules {
  /**
   * Strict profile: no duplicate detection by MerchantTransactionId, insufficient balance is Z513, and
   * the TfaCode is not checked here, the route having spent it before everything else.
   */
  strict: boolean;
  /** The vendor SDK's refusal codes instead of Z600 (README "Wire readings", withdrawCodes). */
  vendorCodes: boolean;
}

/** The smallest withdrawal under the vendor's codes, for every asset: below it is Z507. */
export const MIN_VENDOR_WITHDRAWAL = new Decimal('0.0001');

export type WithdrawOutcome =
  /** A repeat of a known MerchantTransactionId (kind profile): its original result, nothing moves. */
  | { replayed: true; result: WithdrawResult }
  | {
      replayed: false;
      result: WithdrawResult;
      /** Makes the MerchantTransactionId known (kind profile), before a late effect lands. */
      accept: () => void;
      /** Debits the merchant's balance by the amount. */
      commit: () => void;
    };

/**
 * Withdrawals keyed by merchant and MerchantTransactionId, so a repeated request moves money at most
 * once (kind profile). Everything from the duplicate check to accepting the request runs without an
 * await, which keeps two concurrent requests with one id from both passing the check.
 */
export class WithdrawalLedger {
  readonly #entries = new Map<string, LedgerEntry>();
  /** Every MerchantTransactionId taken on, in either profile: whether its withdrawal has moved money yet. */
  readonly #taken = new Map<string, 'accepted' | 'committed'>();

  constructor(
    private readonly totp: TotpGuard,
    private readonly newTxId: (listing: Listing) => WithdrawResult,
  ) {}

  withdraw(merchant: Merchant, request: WithdrawRequest, rules: WithdrawRules): WithdrawOutcome {
    const key = JSON.stringify([merchant.publicKey, request.merchantTransactionId]);
    const fingerprint = fingerprintOf(request);
    const taken = rules.vendorCodes ? this.#taken.get(key) : undefined;
    if (taken === 'committed') throw new ZError('Z501', 'this withdrawal has already been executed');
    if (taken === 'accepted') throw new ZError('Z519', 'duplicate withdrawal request');
    const previous = rules.strict || rules.vendorCodes ? undefined : this.#entries.get(key);
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
      throw new ZError(rules.vendorCodes ? 'Z511' : 'Z600', `address does not suit ${request.listing.network}`);
    }
    if (rules.vendorCodes && request.amount.gt(0) && request.amount.lt(MIN_VENDOR_WITHDRAWAL)) {
      throw new ZError('Z507', `amount below ${MIN_VENDOR_WITHDRAWAL.toFixed()}`);
    }
    if (request.amount.lte(0) || request.amount.decimalPlaces() > request.listing.decimals) {
      throw new ZError('Z600', 'amount must be positive with the asset precision');
    }
    const field = request.listing.balanceField;
    if (merchant.balances[field].lt(request.amount)) {
      // The vendor SDK's code in the strict profile; the spec lists none for it (README).
      throw new ZError(rules.strict ? 'Z513' : 'Z600', 'insufficient balance');
    }
    // Kind profile: last check before the commit, so a refused request never burns the user's code.
    if (!rules.strict && !this.totp.consume(merchant.publicKey, merchant.totpSecret, request.tfaCode)) {
      throw new ZError('Z600', 'two-factor code wrong or already used');
    }
    const result = this.newTxId(request.listing);
    return {
      replayed: false,
      result,
      accept: () => {
        if (!rules.strict) this.#entries.set(key, { fingerprint, result });
        this.#taken.set(key, 'accepted');
      },
      commit: () => {
        merchant.balances[field] = merchant.balances[field].minus(request.amount);
        this.#taken.set(key, 'committed');
      },
    };
  }
}
