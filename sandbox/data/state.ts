import { catalogue, widerService, type AssetDef } from './assets';
import { generateAddress } from './addresses';
import { HistoryBook } from './history-book';
import { seedIdentities, type AccountSeed, type Role, type UserSeed } from './identities';
import { Dec } from './money';
import { Prng } from './prng';
import { SeededHistory } from './seeded-history';
import { widerHistoryRows } from './wider-history';

export interface WalletState {
  asset: AssetDef;
  address: string;
  amount: Dec;
}

export interface AccountState {
  seed: AccountSeed;
  wallets: Map<string, WalletState>;
  history: HistoryBook;
  /** Every change of a wallet's amount while the sandbox runs (wallet-book.ts). */
  walletBook: WalletEntry[];
}

/** One change of a wallet's amount while the sandbox runs, with what caused it (wallet-book.ts). */
export interface WalletEntry {
  readonly atMs: number;
  readonly symbol: string;
  /** Signed exact change: a credit is positive. */
  readonly delta: Dec;
  /** `seeded`: a history row the sandbox starts with, beyond the seeded rows computed on demand. */
  readonly cause: 'send' | 'fee' | 'swap' | 'deposit' | 'seeded';
}

/** A remembered money-moving (or address-creating) request, for duplicate detection by reference id. */
export interface IdempotentRecord {
  fingerprint: string;
  result: unknown;
  /** The code the original used: an identical retry may present it again (README). */
  tfaCode?: string | undefined;
}

export interface DepositAddressRecord {
  accountGuid: string;
  symbol: string;
  address: string;
  referenceId: string;
  requestId: string;
  callbackUrl: string;
  label: string;
}

/** Everything a reset restores: identities and prices stay tied to the seed, the rest is fresh. */
export interface World {
  users: UserSeed[];
  accounts: Map<string, AccountState>;
  prices: Map<string, Dec>;
  /** 24h price change as a fraction, for dailyProfit. */
  dailyChange: Map<string, Dec>;
  /** Per user: current account chosen with POST /accounts/switch. */
  currentAccount: Map<string, string>;
  /** Per user: TOTP time steps already accepted (RFC 6238 5.2: one use per code). */
  usedTotpSteps: Map<string, Set<number>>;
  /** Key: accountGuid + operation + referenceId. */
  idempotency: Map<string, IdempotentRecord>;
  depositAddresses: DepositAddressRecord[];
  /** Transaction ids already credited by simulated deposits (a repeat is refused, no double credit). */
  creditedDepositIds: Set<string>;
  /** Last OrderId used in an Interface A deposit callback. */
  lastOrderId: number;
  /** Stream for runtime ids and addresses, seeded so a test run is repeatable. */
  runtime: Prng;
}

export interface WorldOptions {
  /** Seeded history records of the large-history account (default 20,000). */
  readonly historyRecords?: number | undefined;
}

export function buildWorld(seed: number, options: WorldOptions = {}): World {
  const root = new Prng(seed);
  const identities = seedIdentities(root.fork('identities'), options.historyRecords);
  const priceRng = root.fork('prices');
  const prices = new Map<string, Dec>();
  const dailyChange = new Map<string, Dec>();
  const assetJitter = new Map<string, number>();
  for (const asset of catalogue()) {
    // Assets on several networks share one price; stablecoins stay at 1 +- 0.2%.
    let jitter = assetJitter.get(asset.asset);
    if (jitter === undefined) {
      jitter = asset.basePrice === 1 ? 0.998 + priceRng.next() * 0.004 : 0.95 + priceRng.next() * 0.1;
      assetJitter.set(asset.asset, jitter);
    }
    prices.set(
      asset.symbol,
      new Dec(asset.basePrice).times(jitter.toFixed(6)).toDecimalPlaces(asset.basePrice === 1 ? 4 : 2),
    );
    dailyChange.set(asset.symbol, new Dec(((priceRng.next() - 0.45) * 0.08).toFixed(4)));
  }

  const accounts = new Map<string, AccountState>();
  for (const accountSeed of identities.accounts) {
    const rng = root.fork(`account:${accountSeed.guid}`);
    const wallets = new Map<string, WalletState>();
    for (const asset of catalogue()) {
      const [lo, hi] = accountSeed.walletUsdRange;
      const usdValue = new Dec((lo + rng.next() * (hi - lo)).toFixed(2));
      const price = prices.get(asset.symbol) ?? new Dec(1);
      wallets.set(asset.symbol, {
        asset,
        address: generateAddress(asset.addressKind, rng),
        amount: usdValue.dividedBy(price).toDecimalPlaces(asset.decimals, Dec.ROUND_DOWN),
      });
    }
    const historyRng = root.fork(`history:${accountSeed.guid}`);
    const addressOf = (symbol: string): string => wallets.get(symbol)?.address ?? '';
    const history = new HistoryBook(() => new SeededHistory(accountSeed.historyRecords, historyRng, addressOf, prices));
    const walletBook: WalletEntry[] = [];
    if (widerService()) {
      const widerRng = root.fork(`wider-history:${accountSeed.guid}`);
      for (const row of widerHistoryRows(accountSeed, widerRng, addressOf, prices)) {
        history.append(row);
        // Seeded like the rest of the history: in the books as a past movement (wallet-book.ts).
        if (row.status !== 'Completed') continue;
        const amount = new Dec(row.amount);
        walletBook.push({
          atMs: row.dateMs,
          symbol: row.symbol,
          delta: row.type === 'Deposit' ? amount : amount.negated(),
          cause: 'seeded',
        });
      }
    }
    accounts.set(accountSeed.guid, { seed: accountSeed, wallets, history, walletBook });
  }

  return {
    users: identities.users,
    accounts,
    prices,
    dailyChange,
    currentAccount: new Map(),
    usedTotpSteps: new Map(),
    idempotency: new Map(),
    depositAddresses: [],
    creditedDepositIds: new Set(),
    lastOrderId: 700_000,
    runtime: root.fork('runtime'),
  };
}

/** Holder of the current World; `reset` swaps in a freshly seeded one. */
export class SandboxState {
  readonly seed: number;
  readonly #options: WorldOptions;
  #world: World;

  constructor(seed: number, options: WorldOptions = {}) {
    this.seed = seed;
    this.#options = options;
    this.#world = buildWorld(seed, options);
  }

  get world(): World {
    return this.#world;
  }

  reset(): void {
    this.#world = buildWorld(this.seed, this.#options);
  }

  userByGuid(userGuid: string): UserSeed | undefined {
    return this.#world.users.find((u) => u.userGuid === userGuid);
  }

  userByName(username: string): UserSeed | undefined {
    return this.#world.users.find((u) => u.username === username);
  }

  roleOf(user: UserSeed, accountGuid: string): Role | undefined {
    return user.memberships.find((m) => m.accountGuid === accountGuid)?.role;
  }

  account(guid: string): AccountState | undefined {
    return this.#world.accounts.get(guid);
  }
}
