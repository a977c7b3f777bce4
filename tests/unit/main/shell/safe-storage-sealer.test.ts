import { describe, expect, it } from 'vitest';
import { safeStorageSealer, type SafeStorageLike } from '../../../../src-main/shell/safe-storage-sealer';

/** A stand-in for Electron's safeStorage: reversible, but never the plain text. */
function fakeSafeStorage(backend = 'gnome_libsecret', available = true): SafeStorageLike {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (text) => Buffer.from(Buffer.from(text, 'utf8').map((byte) => byte ^ 0x5a)),
    decryptString: (data) => Buffer.from(data.map((byte) => byte ^ 0x5a)).toString('utf8'),
    getSelectedStorageBackend: () => backend,
  };
}

describe('Electron safeStorage as the sealer of the cached balances', () => {
  it('round-trips, and refuses to open under another context', async () => {
    const sealer = safeStorageSealer(fakeSafeStorage(), 'linux');
    expect(sealer).not.toBeNull();
    const sealed = await sealer!.seal('{"amount":"1.5"}', 'wallet-desk-balances:production');
    expect(sealed).not.toContain('amount');
    expect(await sealer!.open(sealed, 'wallet-desk-balances:production')).toBe('{"amount":"1.5"}');
    await expect(sealer!.open(sealed, 'wallet-desk-balances:staging')).rejects.toThrow();
  });

  it('is not used where it would not really encrypt (Linux basic_text, or unavailable)', () => {
    expect(safeStorageSealer(fakeSafeStorage('basic_text'), 'linux')).toBeNull();
    expect(safeStorageSealer(fakeSafeStorage('gnome_libsecret', false), 'win32')).toBeNull();
    expect(safeStorageSealer(fakeSafeStorage('basic_text'), 'darwin')).not.toBeNull();
  });
});
