import { wallet } from '../bridge';
import { createSessionStore } from './session-reset';

interface SettleState {
  /**
   * The user's moves whose outcome is unknown, as the last settle round counted them; null until a round
   * answers, or after a move became unknown since: rounds run while it is not 0.
   */
  readonly remaining: number | null;
  /** One settle round in main; true when every history it needed could be read (the poll backs off otherwise). */
  round(): Promise<boolean>;
  /** A move's outcome just became unknown: rounds run again until it settles. */
  unknownAppeared(): void;
}

/**
 * The background settle round's state (hooks/use-settle-round.ts). What a round settles reaches the money
 * stores through main's money.settled event, not through here.
 */
export const useSettleStore = createSessionStore<SettleState>((set) => ({
  remaining: null,
  async round() {
    const result = await wallet.money.settleRound();
    if (!result.ok) return false;
    set({ remaining: result.value.remaining });
    return result.value.unread === 0;
  },
  unknownAppeared() {
    set({ remaining: null });
  },
}));
