/**
 * Every money movement the sandbox has committed, in its own books, so a test can prove "at most one
 * movement" without trusting any answer the app saw: a dropped connection, a late commit or an
 * unexpected error all leave their trace here, a replayed duplicate (kind profile) does not.
 */
export interface Movement {
  /** 1, 2, 3... in commit order; restarts at 1 after a reset. */
  seq: number;
  interface: 'A' | 'B';
  kind: 'send' | 'swap' | 'withdraw' | 'verification';
  /** Interface A: the account that paid; Interface B withdraw: the merchant's linked account, if any. */
  accountGuid: string | null;
  merchantPublicKey: string | null;
  referenceId: string | null;
  merchantTransactionId: string | null;
  /** Network-specific symbol of what left (a swap's from-asset). */
  symbol: string;
  /** Exact decimal text. */
  amount: string;
  /** Destination: send and withdraw address, verification address, a swap's target wallet. */
  address: string | null;
  /** ISO 8601 time of the commit. */
  at: string;
}

export type MovementInput = Omit<Movement, 'seq' | 'at'>;

export class MovementLog {
  #movements: Movement[] = [];

  record(input: MovementInput): Movement {
    const movement: Movement = { seq: this.#movements.length + 1, ...input, at: new Date().toISOString() };
    this.#movements.push(movement);
    return movement;
  }

  list(): Movement[] {
    return this.#movements.map((m) => ({ ...m }));
  }

  reset(): void {
    this.#movements = [];
  }
}
