import Decimal from 'decimal.js';
import type { Prng } from '../data/prng';
import type { Listing } from './assets';
import { ZError } from './envelope';

/** Wrong confirmations a sent amount survives; then it is void and verification must start again. */
export const MAX_WRONG_CONFIRMATIONS = 5;

interface VerificationRecord {
  merchantKey: string;
  referenceId: string;
  symbol: string;
  networkId: number;
  address: string;
  label: string;
  /** The amount last sent; null once voided by too many wrong confirmations. */
  sentAmount: Decimal | null;
  wrongAttempts: number;
  verified: boolean;
  /** Started and not yet confirmed with the amount sent (a restart asks for the new amount). */
  awaitingConfirmation: boolean;
}

/** An amount the service sent and waits to hear back: what a test network's explorer would show. */
export interface PendingVerification {
  merchantPublicKey: string;
  referenceId: string;
  symbol: string;
  networkId: number;
  address: string;
  label: string;
  /** Exact decimal text of the amount that arrived at the address. */
  amount: string;
  wrongAttempts: number;
  /** Verified by an earlier start: the address stays verified whatever this one gives. */
  alreadyVerified: boolean;
}

export interface WithdrawableAsset {
  symbol: string;
  networkId: number;
  referenceId: string;
  address: string;
  label: string;
}

/**
 * Spec 3: start sends a small random amount to an address; confirm with that exact amount proves control
 * of it; verified addresses are listed per ReferenceId. Records are keyed by merchant, reference,
 * network-specific symbol, network and address.
 */
export class VerificationBook {
  readonly #records = new Map<string, VerificationRecord>();

  constructor(private readonly prng: Prng) {}

  start(merchantKey: string, referenceId: string, listing: Listing, address: string, label: string): Decimal {
    const amount = new Decimal(this.prng.int(1000, 9999)).div(new Decimal(10).pow(listing.verifyScale));
    const key = JSON.stringify([merchantKey, referenceId, listing.symbol, listing.networkId, address]);
    const existing = this.#records.get(key);
    // A new start replaces the amount to confirm; an address already verified stays verified.
    this.#records.set(key, {
      merchantKey,
      referenceId,
      symbol: listing.symbol,
      networkId: listing.networkId,
      address,
      label,
      sentAmount: amount,
      wrongAttempts: 0,
      verified: existing?.verified ?? false,
      awaitingConfirmation: true,
    });
    return amount;
  }

  /**
   * The confirm call names no address, so the amount picks the record among those started for the
   * reference, symbol and network. Nothing started there: Z500 (no wallet found).
   */
  confirm(merchantKey: string, referenceId: string, listing: Listing, amount: Decimal): boolean {
    const candidates = [...this.#records.values()].filter(
      (r) =>
        r.merchantKey === merchantKey &&
        r.referenceId === referenceId &&
        r.symbol === listing.symbol &&
        r.networkId === listing.networkId &&
        r.sentAmount !== null,
    );
    if (candidates.length === 0) throw new ZError('Z500', 'no verification started for this reference and asset');
    const match = candidates.find((r) => r.sentAmount?.equals(amount));
    if (match) {
      match.verified = true;
      match.awaitingConfirmation = false;
      match.wrongAttempts = 0;
      return true;
    }
    for (const r of candidates) {
      if (r.verified) continue;
      r.wrongAttempts += 1;
      if (r.wrongAttempts >= MAX_WRONG_CONFIRMATIONS) r.sentAmount = null;
    }
    return false;
  }

  /** Verifications waiting for their amount, oldest start first; voided ones are gone (start again). */
  pending(): PendingVerification[] {
    return [...this.#records.values()].flatMap((r) =>
      r.awaitingConfirmation && r.sentAmount !== null
        ? [
            {
              merchantPublicKey: r.merchantKey,
              referenceId: r.referenceId,
              symbol: r.symbol,
              networkId: r.networkId,
              address: r.address,
              label: r.label,
              amount: r.sentAmount.toFixed(),
              wrongAttempts: r.wrongAttempts,
              alreadyVerified: r.verified,
            },
          ]
        : [],
    );
  }

  listVerified(merchantKey: string, referenceId: string): WithdrawableAsset[] {
    return [...this.#records.values()]
      .filter((r) => r.verified && r.merchantKey === merchantKey && r.referenceId === referenceId)
      .map((r) => ({
        symbol: r.symbol,
        networkId: r.networkId,
        referenceId: r.referenceId,
        address: r.address,
        label: r.label,
      }));
  }
}
