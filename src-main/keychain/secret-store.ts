/**
 * Where refresh tokens and merchant secret keys live. The real one is the OS keychain (keytar); when no
 * keychain is usable the app falls back to memory for this run only and tells the user.
 */
export interface SecretStore {
  readonly kind: 'keychain' | 'memory';
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}

/** The service name under which every secret of the app is filed in the keychain. */
export const KEYCHAIN_SERVICE = 'wallet-desk';
