import type {
  CreateDepositAddressInput,
  CreatedDepositAddressView,
  WalletAddressView,
} from '../../../src-preload/contract/receive';
import type { BridgeError } from '../../../src-preload/result';
import { wallet } from '../bridge';
import { createSessionStore } from './session-reset';

/** A wallet the service lists for the active account: its code and network. */
export interface ListedWallet {
  readonly code: string;
  readonly network: string;
}

interface ReceiveState {
  /** The service's wallets (portfolio.wallets), so a network the app does not know can be chosen too. */
  readonly listed: readonly ListedWallet[] | null;
  readonly code: string | null;
  readonly address: WalletAddressView | null;
  readonly addressLoading: boolean;
  readonly addressError: BridgeError | null;

  readonly creating: boolean;
  readonly createError: BridgeError | null;
  readonly created: CreatedDepositAddressView | null;
  readonly createdList: readonly CreatedDepositAddressView[];
  readonly listError: BridgeError | null;

  loadListed(): Promise<void>;
  choose(code: string | null): Promise<void>;
  newReferenceId(): Promise<string | null>;
  create(input: CreateDepositAddressInput): Promise<boolean>;
  /** The user changed what the error was about: an answer to the old input is no longer true. */
  clearCreateError(field: string): void;
  loadCreated(): Promise<void>;
}

const initial = {
  listed: null,
  code: null,
  address: null,
  addressLoading: false,
  addressError: null,
  creating: false,
  createError: null,
  created: null,
  createdList: [],
  listError: null,
} as const;

export const useReceiveStore = createSessionStore<ReceiveState>((set, get, _store, generation) => ({
  ...initial,

  async loadListed() {
    const mine = generation.current();
    const result = await wallet.portfolio.wallets();
    if (!generation.isCurrent(mine)) return;
    // Without the list, the table's wallets are still offered; nothing else depends on it.
    if (result.ok) set({ listed: result.value.wallets.map(({ code, network }) => ({ code, network })) });
  },

  async choose(code) {
    set({ code, address: null, addressError: null, addressLoading: code !== null });
    if (code === null) return;
    const mine = generation.current();
    const result = await wallet.receive.address({ code });
    // The user may have picked another asset meanwhile: only the latest choice is shown.
    if (!generation.isCurrent(mine) || get().code !== code) return;
    if (result.ok) set({ address: result.value, addressLoading: false });
    else set({ addressError: result.error, addressLoading: false });
  },

  async newReferenceId() {
    const result = await wallet.receive.newReferenceId();
    return result.ok ? result.value.referenceId : null;
  },

  clearCreateError(field) {
    const error = get().createError;
    if (error && (error.field === undefined || error.field === field)) set({ createError: null });
  },

  async create(input) {
    if (get().creating) return false;
    const mine = generation.current();
    // The last address created goes off the card at once: under a failure it would read as the answer. It
    // stays in the list of this session.
    set({ creating: true, createError: null, created: null });
    const result = await wallet.receive.createDepositAddress(input);
    if (!generation.isCurrent(mine)) return false;
    if (!result.ok) {
      set({ creating: false, createError: result.error });
      return false;
    }
    set((state) => ({
      creating: false,
      created: result.value,
      createdList: [result.value, ...state.createdList.filter((item) => item.referenceId !== result.value.referenceId)],
    }));
    return true;
  },

  async loadCreated() {
    const mine = generation.current();
    const result = await wallet.receive.createdAddresses();
    if (!generation.isCurrent(mine)) return;
    if (result.ok) set({ createdList: result.value.items, listError: null });
    else set({ listError: result.error });
  },
}));
