import type Decimal from 'decimal.js';
import { generateAddress } from '../data/addresses';
import { Prng } from '../data/prng';
import { fiatPrices, fiatValueOf, networksOf, type FiatCode, type Listing } from './assets';
import { ZError } from './envelope';
import type { Merchant } from './merchants';

export interface CreateDepositRequest {
  referenceId: string;
  listing: Listing;
  label: string;
  callbackUrl: string;
  amount?: Decimal | undefined;
  currency?: FiatCode | undefined;
  redirectUrl?: string | undefined;
  cancelUrl?: string | undefined;
}

export interface DepositAddress {
  merchant: Merchant;
  referenceId: string;
  listing: Listing;
  label: string;
  callbackUrl: string;
  address: string;
  memberWalletId: number;
  referenceGuid: string;
  fingerprint: string;
  created: Record<string, unknown>;
  /** UniqueIds already credited to this address. */
  creditedIds: Set<string>;
}

function contractTypesOf(listing: Listing): string[] {
  return listing.contractType ? [listing.contractType] : [];
}

function informationOf(listing: Listing): string {
  return `Send only ${listing.symbol} on ${listing.network} to this address. Minimum deposit: ${listing.minDeposit.toFixed()} ${listing.symbol}.`;
}

/**
 * Interface B deposit addresses, one per merchant, ReferenceId and network-specific symbol. The address
 * and its GUID derive from the seed and that key, so a reset replays the same addresses.
 */
export class DepositBook {
  readonly #byKey = new Map<string, DepositAddress>();
  readonly #byAddress = new Map<string, DepositAddress>();
  /** Addresses made per key: more than one only when the strict profile ignored a duplicate. */
  readonly #madePerKey = new Map<string, number>();
  #requests = 0;
  #addresses = 0;

  constructor(private readonly seed: number) {}

  /**
   * `strict`: no duplicate detection, a used ReferenceId makes another address (README "Service profiles").
   * `amountIn`: whether Amount counts units of the asset or of Currency (README "Wire readings"). The
   * answer carries `asset` for the route to name the asset by; it is not part of the wire answer.
   */
  create(
    merchant: Merchant,
    request: CreateDepositRequest,
    rules: { strict?: boolean; amountIn?: 'crypto' | 'fiat' } = {},
  ): Record<string, unknown> {
    const strict = rules.strict ?? false;
    const { listing } = request;
    const key = JSON.stringify([merchant.publicKey, request.referenceId, listing.symbol]);
    const fingerprint = JSON.stringify([
      request.label,
      request.callbackUrl,
      request.amount?.toFixed() ?? null,
      request.currency ?? null,
      request.redirectUrl ?? null,
      request.cancelUrl ?? null,
    ]);
    const existing = strict ? undefined : this.#byKey.get(key);
    if (existing) {
      // ReferenceId is unique per request (spec 4.2): the same request again gets the same answer.
      if (existing.fingerprint !== fingerprint)
        throw new ZError('Z600', 'ReferenceId already used with a different body');
      return existing.created;
    }
    // The first address of a key keeps its seeded derivation; later ones (strict) get their own.
    const made = this.#madePerKey.get(key) ?? 0;
    this.#madePerKey.set(key, made + 1);
    const derived = new Prng(this.seed).fork(`interface-b:deposit:${key}${made === 0 ? '' : `#${made}`}`);
    const address = generateAddress(listing.addressKind, derived);
    const referenceGuid = derived.guid();
    this.#requests += 1;
    const requestId = new Prng(this.seed).fork(`interface-b:deposit-request:${this.#requests}`).guid();
    const minUsd = fiatPrices(listing, listing.minDeposit).usd;
    const created = {
      wallet: address,
      requestId,
      referenceGuid,
      symbol: listing.symbol,
      network: listing.network,
      asset: listing.asset,
      price:
        rules.amountIn === 'fiat' && request.amount !== undefined
          ? fiatValueOf(request.amount, request.currency ?? 'usd')
          : fiatPrices(listing, request.amount),
      supportedNetworks: networksOf(listing.asset),
      contractTypes: contractTypesOf(listing),
      minAmounts: [
        { currency: listing.symbol, amount: listing.minDeposit },
        { currency: 'USD', amount: minUsd },
      ],
      information: informationOf(listing),
    };
    this.#addresses += 1;
    const entry: DepositAddress = {
      merchant,
      referenceId: request.referenceId,
      listing,
      label: request.label,
      callbackUrl: request.callbackUrl,
      address,
      memberWalletId: 100_000 + this.#addresses,
      referenceGuid,
      fingerprint,
      created,
      creditedIds: new Set(),
    };
    // The newest address of a key is the one /v1/deposit/address/get answers.
    this.#byKey.set(key, entry);
    this.#byAddress.set(address.toLowerCase(), entry);
    return created;
  }

  /** MemberId is the ReferenceId the address was created with; none there: Z500 (no wallet found). */
  get(merchant: Merchant, memberId: string, listing: Listing, label?: string): Record<string, unknown> {
    const entry = this.#byKey.get(JSON.stringify([merchant.publicKey, memberId, listing.symbol]));
    if (!entry || (label !== undefined && entry.label !== label)) {
      throw new ZError('Z500', 'no deposit address for this member and asset');
    }
    return {
      memberWalletId: entry.memberWalletId,
      address: entry.address,
      symbol: listing.symbol,
      networkId: listing.networkId,
      network: listing.network,
      referenceGuid: entry.referenceGuid,
      isContract: listing.contractType !== null,
      supportedNetworks: networksOf(listing.asset),
      contractTypes: contractTypesOf(listing),
      information: informationOf(listing),
    };
  }

  findByAddress(address: string): DepositAddress | undefined {
    return this.#byAddress.get(address.trim().toLowerCase());
  }
}
