export type LogDetails = Record<string, unknown>;

/** The app's logger. Implementations redact secrets before anything is written. */
export interface Logger {
  debug(message: string, details?: LogDetails): void;
  info(message: string, details?: LogDetails): void;
  warn(message: string, details?: LogDetails): void;
  error(message: string, details?: LogDetails): void;
  /**
   * Registers an exact secret value (a fresh refresh token, a merchant secret key) so it is scrubbed even
   * from free text. Optional so test fakes need not implement it: call as `logger.registerSecret?.(v)`.
   */
  registerSecret?(value: string): void;
}
