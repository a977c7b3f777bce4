import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const storesDir = resolve(import.meta.dirname, '../../../../src-renderer/src/stores');

/** Stores that hold nothing of one user or account: they live as long as the window (session-reset.ts). */
const appWide = [
  'app-store.ts: useAppStore',
  'environments-store.ts: useEnvironmentsStore',
  'navigation-store.ts: useNavigation',
  'session-store.ts: useSessionStore',
  'updates-store.ts: useUpdatesStore',
];

interface AnyStore {
  getState(): Record<string, unknown>;
  getInitialState(): Record<string, unknown>;
  setState(partial: Record<string, unknown>): void;
}

function isStore(value: unknown): value is AnyStore {
  return typeof value === 'function' && 'getState' in value && 'getInitialState' in value && 'setState' in value;
}

/** A bridge whose every operation is asked and never answers, and whose events never come. */
function silentBridge(): unknown {
  const never = (): Promise<never> => new Promise<never>(() => undefined);
  const domain = new Proxy({}, { get: () => never });
  return new Proxy({ on: () => () => undefined }, { get: (target, name) => (name === 'on' ? target.on : domain) });
}

/** Every zustand store the renderer's stores folder exports, by file and name, from fresh modules. */
async function everyStore(): Promise<Map<string, AnyStore>> {
  vi.resetModules();
  vi.stubGlobal('window', { wallet: silentBridge() });
  vi.stubGlobal('navigator', { language: 'en-US' });
  const found = new Map<string, AnyStore>();
  for (const file of readdirSync(storesDir)
    .filter((name) => name.endsWith('.ts'))
    .sort()) {
    const module = (await import(join(storesDir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) if (isStore(value)) found.set(`${file}: ${name}`, value);
  }
  return found;
}

const dataOf = (state: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(state).filter(([, value]) => typeof value !== 'function'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('every store of account data is emptied when the session changes', () => {
  it('a session change puts every store back to its initial state, except the app-wide ones listed here', async () => {
    const stores = await everyStore();
    const { resetSessionStores } = await import('../../../../src-renderer/src/stores/session-reset');
    expect(stores.size).toBeGreaterThan(20);
    for (const store of stores.values()) store.setState({ leftByTheLastSession: true });

    resetSessionStores();

    const kept = [...stores].filter(([, store]) => 'leftByTheLastSession' in store.getState()).map(([name]) => name);
    // A store made with zustand's create instead of createSessionStore stays as the last session left it.
    expect(kept).toEqual(appWide);
    for (const [name, store] of stores) {
      if (appWide.includes(name)) continue;
      const { formId, ...initial } = dataOf(store.getInitialState());
      const { formId: formNow, ...now } = dataOf(store.getState());
      expect(now, name).toEqual(initial);
      // A withdrawal form has an id of its own: a reset starts a new form.
      if (formId !== undefined) expect(formNow, name).not.toBe(formId);
    }
  });
});

describe('createSessionStore', () => {
  async function counterStore() {
    vi.resetModules();
    const { createSessionStore, resetSessionStores } =
      await import('../../../../src-renderer/src/stores/session-reset');
    let answer: (value: number) => void = () => undefined;
    const reloads = vi.fn();
    const useCounter = createSessionStore<{ count: number; load(): Promise<void>; formId: string }>(
      (set, _get, _store, generation) => ({
        count: 0,
        formId: 'first',
        async load() {
          const mine = generation.current();
          const value = await new Promise<number>((resolve) => (answer = resolve));
          if (generation.isCurrent(mine)) set({ count: value });
        },
      }),
      { fresh: () => ({ formId: 'next' }), afterReset: reloads },
    );
    return { useCounter, resetSessionStores, answer: (value: number) => answer(value), reloads };
  }

  it('drops an answer asked for before the reset, and takes one asked for after', async () => {
    const { useCounter, resetSessionStores, answer } = await counterStore();
    const before = useCounter.getState().load();
    resetSessionStores();
    answer(5);
    await before;
    expect(useCounter.getState().count).toBe(0);

    const after = useCounter.getState().load();
    answer(7);
    await after;
    expect(useCounter.getState().count).toBe(7);
  });

  it('gives the values that must be new at each reset, then runs what follows a reset', async () => {
    const { useCounter, resetSessionStores, reloads } = await counterStore();
    useCounter.setState({ count: 3 });
    resetSessionStores();
    expect(useCounter.getState()).toMatchObject({ count: 0, formId: 'next' });
    expect(reloads).toHaveBeenCalledTimes(1);
  });
});
