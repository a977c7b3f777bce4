import { timingSafeEqual } from 'node:crypto';
import { Prng } from '../data/prng';
import type { DeferredCommits } from '../deferred-commits';
import type { MovementLog } from '../movements';
import type { ProfileSwitch } from '../profile';
import type { ReadingSwitch } from './readings';
import { RateLimiter } from '../interface-a/rate-limit';
import type Decimal from 'decimal.js';
import type { Listing } from './assets';
import { DepositBook } from './deposits';
import { RequestSignatures } from './request-signatures';
import { seedMerchants, type Merchant } from './merchants';
import { TotpGuard } from '../totp-guard';
import { VerificationBook } from './verification';
import { WithdrawalLedger, type WithdrawResult } from './withdrawals';

/** Generous: a UI never comes close, a test loop does. */
export const RATE_LIMIT = { capacity: 60, refillPerSecond: 20 } as const;

/** A withdrawal as it commits, for the merchant's linked Interface A account history. */
export interface CommittedWithdrawal {
  merchantPublicKey: string;
  referenceId: string;
  merchantTransactionId: string;
  listing: Listing;
  amount: Decimal;
  address: string;
  label: string;
  txId: string;
}

/**
 * The Interface A account a merchant belongs to (README, merchants), supplied by the server that hosts
 * both interfaces; Interface B alone has none.
 */
export interface MerchantAccountLink {
  accountGuidOf(publicKey: string): string | null;
  /** Writes the committed withdrawal into that account's Interface A history. */
  recordWithdrawal(accountGuid: string, withdrawal: CommittedWithdrawal): void;
  /** Writes a deposit received on one of the merchant's deposit addresses into that account's history. */
  recordDeposit(accountGuid: string, deposit: ReceivedDeposit): void;
}

/** A deposit credited to a merchant deposit address (control API), as the linked account's history shows it. */
export interface ReceivedDeposit {
  listing: Listing;
  address: string;
  txId: string;
  amount: Decimal;
  referenceId: string;
  label: string;
}

/** What Interface B shares with the rest of the sandbox: profile, movement log, late commits, link. */
export interface InterfaceBShared {
  profile: ProfileSwitch;
  /** Which reading of the spec's silences is played (README "Wire readings"). */
  readings: ReadingSwitch;
  movements: MovementLog;
  deferred: DeferredCommits;
  accounts: MerchantAccountLink | null;
}

/** All mutable Interface B state; `reset()` rebuilds it from the seed. */
export class InterfaceBStore {
  merchants!: Merchant[];
  verification!: VerificationBook;
  withdrawals!: WithdrawalLedger;
  deposits!: DepositBook;
  /** Withdraw TfaCodes, each time step accepted once per merchant. */
  totp!: TotpGuard;
  readonly limiter = new RateLimiter(RATE_LIMIT);
  /** Optional X-Signature checks (README "Request signing"); their keys are cleared by a reset. */
  readonly signatures: RequestSignatures;
  #txCount = 0;
  #orderCount = 0;

  constructor(
    readonly seed: number,
    private readonly totpWindowSteps: number,
    readonly shared: InterfaceBShared,
    requireSignatures = false,
  ) {
    this.signatures = new RequestSignatures(requireSignatures);
    this.reset();
  }

  reset(): void {
    this.merchants = seedMerchants(this.seed);
    this.verification = new VerificationBook(new Prng(this.seed).fork('interface-b:verification'));
    const usedTotpSteps = new Map<string, Set<number>>();
    this.totp = new TotpGuard(this.totpWindowSteps, () => usedTotpSteps);
    this.withdrawals = new WithdrawalLedger(this.totp, (listing) => this.newTransaction(listing));
    this.deposits = new DepositBook(this.seed);
    this.limiter.reset();
    this.signatures.reset();
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
