import { create } from 'zustand';
import type { AssetCode } from '../../../src-preload/contract/asset-table';
import type {
  CreateDepositAddressInput,
  CreatedDepositAddressView,
  WalletAddressView,
} from '../../../src-preload/contract/receive';
import type { BridgeError } from '../../../src-preload/result';
import { wallet } from '../bridge';
import { registerSessionReset } from './session-reset';

interface ReceiveState {
  readonly code: AssetCode | null;
  readonly address: WalletAddressView | null;
  readonly addressLoading: boolean;
  readonly addressError: BridgeError | null;

  readonly creating: boolean;
  readonly createError: BridgeError | null;
  readonly created: CreatedDepositAddressView | null;
  readonly createdList: readonly CreatedDepositAddressView[];
  readonly listError: BridgeError | null;

  choose(code: AssetCode | null): Promise<void>;
  newReferenceId(): Promise<string | null>;
  create(input: CreateDepositAddressInput): Promise<boolean>;
  /** The user changed what the error was about: an answer to the old input is no longer true. */
  clearCreateError(field: string): void;
  loadCreated(): Promise<void>;
  reset(): void;
}

const initial = {
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

let generation = 0;

export const useReceiveStore = create<ReceiveState>()((set, get) => ({
  ...initial,

  async choose(code) {
    set({ code, address: null, addressError: null, addressLoading: code !== null });
    if (code === null) return;
    const mine = generation;
    const result = await wallet.receive.address({ code });
    // The user may have picked another asset meanwhile: only the latest choice is shown.
    if (mine !== generation || get().code !== code) return;
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
    const mine = generation;
    set({ creating: true, createError: null });
    const result = await wallet.receive.createDepositAddress(input);
    if (mine !== generation) return false;
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
    const mine = generation;
    const result = await wallet.receive.createdAddresses();
    if (mine !== generation) return;
    if (result.ok) set({ createdList: result.value.items, listError: null });
    else set({ listError: result.error });
  },

  reset() {
    generation += 1;
    set({ ...initial });
  },
}));

registerSessionReset(() => useReceiveStore.getState().reset());
