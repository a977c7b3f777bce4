import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../src-main/app-error';
import { createDispatcher, createEmitter, type Handlers } from '../../../src-main/dispatch';

const info = {
  name: 'Wallet Desk',
  version: '1.2.3',
  environment: 'local-sandbox',
  keychain: 'available',
  settingsProblem: null,
} as const;

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  const base: Handlers = {
    'app.info': () => info,
    'preferences.get': () => ({ privacyMode: false, idleLockMinutes: 15, theme: 'system', language: 'system' }),
    'preferences.update': (change) => ({
      privacyMode: change.privacyMode ?? false,
      idleLockMinutes: change.idleLockMinutes ?? 15,
      theme: 'system' as const,
      language: 'system' as const,
    }),
    'links.open': () => ({ opened: true }),
  } as Partial<Handlers> as Handlers;
  return { ...base, ...overrides } as Handlers;
}

const log = { warn: vi.fn(), error: vi.fn() };

describe('the bridge dispatcher', () => {
  it('returns a handler value as { ok: true, value }', async () => {
    const dispatch = createDispatcher(handlers(), log);
    await expect(dispatch('app.info', undefined)).resolves.toEqual({ ok: true, value: info });
  });

  it('refuses an unknown operation without calling anything', async () => {
    const dispatch = createDispatcher(handlers(), log);
    const result = await dispatch('app.deleteEverything', undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown_operation' } });
  });

  it('refuses inherited property names as operations', async () => {
    const dispatch = createDispatcher(handlers(), log);
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(await dispatch(name, undefined)).toMatchObject({ ok: false, error: { code: 'unknown_operation' } });
    }
  });

  it('parses arguments before the handler runs; a bad argument never reaches it', async () => {
    const update = vi.fn(() => ({
      privacyMode: true,
      idleLockMinutes: 15,
      theme: 'system' as const,
      language: 'system' as const,
    }));
    const dispatch = createDispatcher(handlers({ 'preferences.update': update }), log);
    const bad = [
      { privacyMode: 'yes' },
      { idleLockMinutes: 0 },
      { idleLockMinutes: 1.5 },
      { unknown: true },
      'text',
      null,
    ];
    for (const input of bad) {
      const result = await dispatch('preferences.update', input);
      expect(result).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    }
    expect(update).not.toHaveBeenCalled();
    expect(await dispatch('preferences.update', { privacyMode: true })).toMatchObject({ ok: true });
    expect(update).toHaveBeenCalledWith({ privacyMode: true });
  });

  it('refuses a preference sent as undefined rather than merging it over the one in force', async () => {
    const update = vi.fn(() => ({
      privacyMode: true,
      idleLockMinutes: 15,
      theme: 'system' as const,
      language: 'system' as const,
    }));
    const dispatch = createDispatcher(handlers({ 'preferences.update': update }), log);
    const result = await dispatch('preferences.update', { privacyMode: true, theme: undefined });
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    expect(update).not.toHaveBeenCalled();
  });

  it('turns an AppError into a typed error and anything else into a generic one', async () => {
    const dispatch = createDispatcher(
      handlers({
        'app.info': () => {
          throw new AppError('rate_limited', 'Slow down', { retryAfterSeconds: 7 });
        },
        'preferences.get': () => {
          throw new Error('database password is hunter2');
        },
      }),
      log,
    );
    expect(await dispatch('app.info', undefined)).toEqual({
      ok: false,
      error: { code: 'rate_limited', message: 'Slow down', retryAfterSeconds: 7 },
    });
    const generic = await dispatch('preferences.get', undefined);
    expect(generic).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(generic)).not.toContain('hunter2');
  });

  it('strips fields the contract does not name from results, so nothing rides along to the renderer', async () => {
    const leaky = { ...info, refreshToken: 'rt-secret', accessToken: 'at-secret' };
    const dispatch = createDispatcher(handlers({ 'app.info': () => leaky }), log);
    const result = await dispatch('app.info', undefined);
    expect(result).toEqual({ ok: true, value: info });
    expect(JSON.stringify(result)).not.toMatch(/secret/);
  });

  it('refuses a result that breaks the contract instead of passing it on', async () => {
    const dispatch = createDispatcher(handlers({ 'app.info': () => ({ ...info, version: 42 }) as never }), log);
    expect(await dispatch('app.info', undefined)).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(log.error).toHaveBeenCalled();
  });
});

describe('the event emitter', () => {
  it('checks payloads against the contract before sending', () => {
    const send = vi.fn();
    const emit = createEmitter(send);
    emit('preferences.changed', { privacyMode: true, idleLockMinutes: 5, theme: 'system', language: 'system' });
    expect(send).toHaveBeenCalledWith('preferences.changed', {
      privacyMode: true,
      idleLockMinutes: 5,
      theme: 'system',
      language: 'system',
    });
    expect(() => emit('preferences.changed', { privacyMode: 'no' } as never)).toThrow();
    expect(send).toHaveBeenCalledTimes(1);
  });
});
