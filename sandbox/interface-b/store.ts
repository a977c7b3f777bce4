import { timingSafeEqual } from 'node:crypto';
import { Prng } from '../data/prng';
import { RateLimiter } from '../interface-a/rate-limit';
import type { Listing } from './assets';
import { DepositBook } from './deposits';
import { seedMerchants, type Merchant } from './merchants';
import { TotpGuard } from '../totp-guard';
import { VerificationBook } from './verification';
import { WithdrawalLedger, type WithdrawResult } from './withdrawals';

/** Generous: a UI never comes close, a test loop does. */
export const RATE_LIMIT = { capacity: 60, refillPerSecond: 20 } as const;

/** All mutable Interface B state; `reset()` rebuilds it from the seed. */
export class InterfaceBStore {
  merchants!: Merchant[];
  verification!: VerificationBook;
  withdrawals!: WithdrawalLedger;
  deposits!: DepositBook;
  readonly limiter = new RateLimiter(RATE_LIMIT);
  #txCount = 0;
  #orderCount = 0;

  constructor(
    readonly seed: number,
    private readonly totpWindowSteps = 1,
  ) {
    this.reset();
  }

  reset(): void {
    this.merchants = seedMerchants(this.seed);
    this.verification = new VerificationBook(new Prng(this.seed).fork('interface-b:verification'));
    const usedTotpSteps = new Map<string, Set<number>>();
    this.withdrawals = new WithdrawalLedger(new TotpGuard(this.totpWindowSteps, () => usedTotpSteps), (listing) =>
      this.newTransaction(listing),
    );
    this.deposits = new DepositBook(this.seed);
    this.limiter.reset();
    this.#txCount = 0;
    this.#orderCount = 0;
  }

  newTransaction(listing: Listing): WithdrawResult {
    this.#txCount += 1;
    const txId = makeTxId(listing, new Prng(this.seed).fork(`interface-b:tx:${this.#txCount}`));
    return { txId, explorerUrl: `${listing.explorerTx}${txId}`, success: true };
  }

  nextOrderId(): number {
    this.#orderCount += 1;
    return 700_000 + this.#orderCount;
  }

  findMerchant(publicKey: string): Merchant | undefined {
    return this.merchants.find((m) => m.publicKey === publicKey);
  }
}

/** A transaction id in the network's usual shape. */
export function makeTxId(listing: Listing, prng: Prng): string {
  return listing.addressKind === 'evm' ? `0x${prng.hex(32)}` : prng.hex(32);
}

export function secretMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
