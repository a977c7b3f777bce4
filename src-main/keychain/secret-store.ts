/**
 * Where refresh tokens and merchant secret keys live. The real one is the OS keychain (keytar); when no
 * keychain is usable the app falls back to memory for this run only and tells the user.
 */
export interface SecretStore {
  /** Read again whenever it is shown: a keychain that hangs or fails mid-run turns into 'memory' (security 31). */
  readonly kind: 'keychain' | 'memory';
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
  /**
   * Tells when a store that started on the keychain has fallen back to memory for the rest of the run, so
   * the app can say so at once. Absent on stores whose kind never changes.
   */
  onFallbackToMemory?(listener: () => void): () => void;
}

/** The service name under which every secret of the app is filed in the keychain. */
export const KEYCHAIN_SERVICE = 'wallet-desk';
