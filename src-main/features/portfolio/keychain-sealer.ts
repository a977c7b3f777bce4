import type { SecretStore } from '../../keychain/secret-store';
import type { Sealer } from './sealer';
import { loadedOnce } from '../../loaded-once';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Version byte first, so a later format can be told apart (and an old file discarded, never misread). */
const FORMAT = 1;

/**
 * node:crypto, loaded at the first seal or open rather than with the core: the Electron shell seals the
 * balances with safeStorage where it can (index.ts), and then this sealer never runs.
 */
const ciphers: () => Promise<typeof import('node:crypto')> = loadedOnce(() => import('node:crypto'));

/**
 * AES-256-GCM with a random key kept in the SecretStore under `keyAccount`, created on the first seal.
 * The context is the additional authenticated data, so a file copied to another user's or account's
 * place does not open. A store that has fallen back to memory keeps the key for this run only: the file
 * written then cannot be opened after a restart, and is discarded as unreadable.
 */
export function createKeychainSealer(secrets: SecretStore, keyAccount: string): Sealer {
  let key: Promise<Buffer | null> | null = null;

  function storedKey(): Promise<Buffer | null> {
    key ??= secrets.get(keyAccount).then(
      (text) => {
        const bytes = text === null ? null : Buffer.from(text, 'base64');
        return bytes?.length === KEY_BYTES ? bytes : null;
      },
      (error: unknown) => {
        key = null; // ask the keychain again next time
        throw error;
      },
    );
    return key;
  }

  async function keyForSealing(): Promise<Buffer> {
    const existing = await storedKey();
    if (existing) return existing;
    const fresh = (await ciphers()).randomBytes(KEY_BYTES);
    await secrets.set(keyAccount, fresh.toString('base64'));
    key = Promise.resolve(fresh);
    return fresh;
  }

  return {
    async seal(plain, context) {
      const secret = await keyForSealing();
      const { createCipheriv, randomBytes } = await ciphers();
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', secret, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.of(FORMAT), iv, cipher.getAuthTag(), body]).toString('base64');
    },

    async open(sealed, context) {
      // The key is asked of the keychain while node:crypto loads: the launch paint waits for both.
      const [secret, { createDecipheriv }] = await Promise.all([storedKey(), ciphers()]);
      if (!secret) throw new Error('no key');
      const bytes = Buffer.from(sealed, 'base64');
      if (bytes.length < 1 + IV_BYTES + TAG_BYTES || bytes[0] !== FORMAT) throw new Error('not a sealed record');
      const iv = bytes.subarray(1, 1 + IV_BYTES);
      const tag = bytes.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', secret, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(bytes.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    },

    async forget() {
      key = null;
      await secrets.delete(keyAccount);
    },
  };
}
