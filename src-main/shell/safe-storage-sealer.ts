import type { Sealer } from '../features/portfolio';

/** The part of Electron's safeStorage the sealer uses, so it can be tested without Electron. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: 'basic_text' means a hard-coded password, i.e. no real protection. */
  getSelectedStorageBackend?(): string;
}

/**
 * Electron's safeStorage (DPAPI on Windows, the Keychain on macOS, the Secret Service on Linux), when it
 * really encrypts; null otherwise, and the app then uses a keychain-held key. The key is the OS's, so
 * forget() has nothing to delete: sign-out deletes the files. The context is sealed with the text and
 * compared on opening, since safeStorage has no associated data.
 */
export function safeStorageSealer(safeStorage: SafeStorageLike, platform: NodeJS.Platform): Sealer | null {
  if (!safeStorage.isEncryptionAvailable()) return null;
  if (platform === 'linux') {
    const backend = safeStorage.getSelectedStorageBackend?.() ?? 'unknown';
    if (backend === 'basic_text' || backend === 'unknown') return null;
  }
  return {
    async seal(plain, context) {
      return safeStorage.encryptString(JSON.stringify([context, plain])).toString('base64');
    },
    async open(sealed, context) {
      const [sealedContext, plain] = JSON.parse(safeStorage.decryptString(Buffer.from(sealed, 'base64'))) as unknown[];
      if (sealedContext !== context || typeof plain !== 'string') throw new Error('sealed for another context');
      return plain;
    },
    async forget() {},
  };
}
