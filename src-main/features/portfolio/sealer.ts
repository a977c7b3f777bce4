/**
 * Encryption at rest for what the app keeps on disk between runs (the last known balances). Features
 * never import Electron, so the cipher sits behind this port: a random AES-256-GCM key held in the OS
 * keychain (keychain-sealer.ts, used by the harness and tests) or Electron's safeStorage in the shell
 * (src-main/shell/safe-storage-sealer.ts).
 */
export interface Sealer {
  /**
   * Encrypts `plain`, bound to `context` (who and what it belongs to): opening it under another context
   * fails. The result is printable text that never contains `plain`.
   */
  seal(plain: string, context: string): Promise<string>;
  /** The plain text, or throws when `sealed` was tampered with, belongs to another context or its key is gone. */
  open(sealed: string, context: string): Promise<string>;
  /** Forgets the key where the sealer owns one (sign-out): whatever was sealed with it can never be opened. */
  forget(): Promise<void>;
}
