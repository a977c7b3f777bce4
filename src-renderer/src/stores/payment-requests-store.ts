import type {
  PaymentRequestStatus,
  PaymentRequestStatusView,
  PaymentRequestView,
} from '../../../src-preload/contract/payment-requests';
import type { BridgeError } from '../../../src-preload/result';
import { wallet } from '../bridge';
import { createSessionStore } from './session-reset';

export type StatusFilter = 'all' | 'unchecked' | PaymentRequestStatus;

interface PaymentRequestsState {
  /** The active account's requests of the signed-in user, newest first; null until loaded. */
  readonly items: readonly PaymentRequestView[] | null;
  readonly unreadable: number;
  readonly loadError: BridgeError | null;
  readonly statuses: Readonly<Record<string, PaymentRequestStatusView>>;
  /** Requests whose history could not be read at the last check, with the reason in words. */
  readonly checkFailures: Readonly<Record<string, string>>;
  readonly checking: boolean;
  readonly checkError: BridgeError | null;
  readonly search: string;
  readonly statusFilter: StatusFilter;
  readonly exported: { readonly path: string; readonly rows: number } | null;
  readonly exportError: BridgeError | null;
  readonly exporting: boolean;

  load(): Promise<void>;
  check(): Promise<void>;
  remove(id: string): Promise<BridgeError | null>;
  exportCsv(ids: readonly string[]): Promise<void>;
  setSearch(search: string): void;
  setStatusFilter(filter: StatusFilter): void;
}

const initial = {
  items: null,
  unreadable: 0,
  loadError: null,
  statuses: {},
  checkFailures: {},
  checking: false,
  checkError: null,
  search: '',
  statusFilter: 'all',
  exported: null,
  exportError: null,
  exporting: false,
} as const;

/** Loaded per account: a switch, a lock or a sign-out empties it (session-reset). */
export const usePaymentRequestsStore = createSessionStore<PaymentRequestsState>((set, get, _store, generation) => ({
  ...initial,

  async load() {
    const mine = generation.current();
    const result = await wallet.paymentRequests.list();
    if (!generation.isCurrent(mine)) return;
    if (!result.ok) {
      set({ loadError: result.error });
      return;
    }
    set({ items: result.value.items, unreadable: result.value.unreadable, loadError: null });
    await get().check();
  },

  async check() {
    const items = get().items;
    if (!items || items.length === 0 || get().checking) return;
    const mine = generation.current();
    set({ checking: true, checkError: null });
    const result = await wallet.paymentRequests.statuses({ ids: items.slice(0, 200).map((item) => item.id) });
    if (!generation.isCurrent(mine)) return;
    if (!result.ok) {
      set({ checking: false, checkError: result.error });
      return;
    }
    set({
      checking: false,
      statuses: { ...get().statuses, ...Object.fromEntries(result.value.items.map((item) => [item.id, item])) },
      checkFailures: Object.fromEntries(result.value.failed.map((failure) => [failure.id, failure.message])),
    });
  },

  async remove(id) {
    const mine = generation.current();
    const result = await wallet.paymentRequests.delete({ id, confirmed: true });
    if (!generation.isCurrent(mine)) return null;
    if (!result.ok) return result.error;
    const { [id]: _removed, ...statuses } = get().statuses;
    set({ items: (get().items ?? []).filter((item) => item.id !== id), statuses });
    return null;
  },

  async exportCsv(ids) {
    if (get().exporting) return;
    const mine = generation.current();
    set({ exporting: true, exported: null, exportError: null });
    const result = await wallet.paymentRequests.export({ ids: [...ids] });
    if (!generation.isCurrent(mine)) return;
    if (!result.ok) set({ exporting: false, exportError: result.error });
    else
      set({
        exporting: false,
        exported: result.value.path === null ? null : { path: result.value.path, rows: result.value.rows },
      });
  },

  setSearch(search) {
    set({ search });
  },

  setStatusFilter(statusFilter) {
    set({ statusFilter });
  },
}));
