import { create } from 'zustand';
import type { UpdateView } from '../../../src-preload/contract/updates';
import { wallet } from '../bridge';

interface UpdatesState {
  readonly view: UpdateView | null;
  /** A bridge call that failed (not an update that failed: that is view.status 'error'). */
  readonly problem: string | null;
  load(): Promise<void>;
  check(): Promise<void>;
  installOnQuit(agreed: boolean): Promise<void>;
}

export const useUpdatesStore = create<UpdatesState>()((set) => {
  const apply = (result: Awaited<ReturnType<typeof wallet.updates.get>>): void => {
    if (result.ok) set({ view: result.value, problem: null });
    else set({ problem: result.error.message });
  };
  return {
    view: null,
    problem: null,
    async load() {
      apply(await wallet.updates.get());
    },
    async check() {
      apply(await wallet.updates.check());
    },
    async installOnQuit(agreed) {
      apply(await wallet.updates.installOnQuit({ agreed }));
    },
  };
});

// Main reports every step (checking, download progress, ready) as it happens, whoever started the check.
wallet.on('updates.changed', (view) => useUpdatesStore.setState({ view, problem: null }));
