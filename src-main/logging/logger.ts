export type LogDetails = Record<string, unknown>;

/** The app's logger. Implementations redact secrets before anything is written. */
export interface Logger {
  debug(message: string, details?: LogDetails): void;
  info(message: string, details?: LogDetails): void;
  warn(message: string, details?: LogDetails): void;
  error(message: string, details?: LogDetails): void;
}
