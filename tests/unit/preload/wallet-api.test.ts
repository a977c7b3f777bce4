import { describe, expect, it, vi } from 'vitest';
import { createWalletApi, NO_ANSWER, type BridgeTransport } from '../../../src-preload/bridge';
import { contractNames, eventNames, operationNames } from '../../../src-preload/contract';

function fakeTransport(): BridgeTransport & { invoke: ReturnType<typeof vi.fn>; subscribe: ReturnType<typeof vi.fn> } {
  return {
    invoke: vi.fn(async () => ({ ok: true, value: null })),
    subscribe: vi.fn(() => () => undefined),
  };
}

describe('window.wallet generated from the contract', () => {
  it('has exactly one function per operation, grouped by domain, and nothing else but `on`', () => {
    const api = createWalletApi(fakeTransport(), contractNames) as unknown as Record<string, Record<string, unknown>>;
    const generated = Object.entries(api)
      .filter(([key]) => key !== 'on')
      .flatMap(([domain, actions]) => Object.keys(actions).map((action) => `${domain}.${action}`));
    expect(generated.sort()).toEqual([...operationNames].sort());
    expect(Object.keys(api).sort()).toEqual(
      [...new Set(operationNames.map((name) => name.split('.')[0]!)), 'on'].sort(),
    );
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('sends each call to its own operation with the argument unchanged', async () => {
    const transport = fakeTransport();
    const api = createWalletApi(transport, contractNames);
    await api.preferences.update({ privacyMode: true });
    await api.app.info();
    expect(transport.invoke).toHaveBeenNthCalledWith(1, 'preferences.update', { privacyMode: true });
    expect(transport.invoke).toHaveBeenNthCalledWith(2, 'app.info', undefined);
  });

  it("a call that gets no answer resolves to an error the window puts in words, never the transport's own", async () => {
    const transport = fakeTransport();
    transport.invoke.mockRejectedValueOnce(new Error('harness: unexpected channel wallet:invoke:app.info'));
    const api = createWalletApi(transport, contractNames);
    const result = await api.app.info();
    expect(result).toEqual({ ok: false, error: { code: 'internal', message: NO_ANSWER } });
    expect(JSON.stringify(result)).not.toMatch(/harness|channel|app\.info/);
  });

  it('subscribes only to events the contract names', () => {
    const transport = fakeTransport();
    const api = createWalletApi(transport, contractNames);
    const listener = vi.fn();
    api.on(eventNames[0]!, listener);
    expect(transport.subscribe).toHaveBeenCalledWith(eventNames[0], expect.any(Function));
    expect(() => api.on('secrets.leak' as never, listener)).toThrow(/Unknown event/);
  });
});
