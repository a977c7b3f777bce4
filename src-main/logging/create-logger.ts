import { renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import type { LogDetails, Logger } from './logger';
import { createRedactor, type Redactor } from './redact';

export const LOG_FILE = 'main.log';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface CreateLoggerOptions {
  /** The logs folder; the Electron shell passes `app.getPath('logs')`. */
  readonly directory: string;
  readonly fileName?: string;
  readonly level?: LogLevel;
  /** A log larger than this at start-up is moved to `<name>.1` (one old generation is kept). */
  readonly maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

/** A desktop app runs for years: without this the log would only ever grow. */
function keepOneOldGeneration(filePath: string, maxBytes: number): void {
  try {
    if (statSync(filePath).size > maxBytes) renameSync(filePath, `${filePath}.1`);
  } catch {
    // No log yet, or it cannot be moved: keep appending to it.
  }
}

/** The Logger plus what only its owner needs: secret registration and flushing on shutdown. */
export interface FileLogger extends Logger {
  readonly filePath: string;
  registerSecret(value: string): void;
  forgetSecret(value: string): void;
  /** Resolves once everything logged so far is on disk. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * JSON lines (pino) in `<directory>/main.log`, readable only by the user. Every message and every
 * detail goes through the redactor before pino sees it, so no caller can forget to scrub a secret.
 */
export function createLogger(options: CreateLoggerOptions): FileLogger {
  const filePath = join(options.directory, options.fileName ?? LOG_FILE);
  keepOneOldGeneration(filePath, options.maxBytes ?? DEFAULT_MAX_BYTES);
  const destination = pino.destination({ dest: filePath, mkdir: true, sync: false, mode: 0o600 });
  const base = pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  const redactor: Redactor = createRedactor();
  // The file opens asynchronously; flushing before it is open would report success with nothing written.
  const opened = new Promise<void>((resolve) => {
    destination.once('ready', () => resolve());
    destination.once('error', () => resolve());
  });
  destination.on('error', (error: Error) => {
    // Logging must never take the app down; stderr is the last resort.
    console.error(`could not write the Wallet Desk log: ${error.message}`);
  });

  const write = (level: LogLevel, message: string, details?: LogDetails): void => {
    const text = redactor.redactText(message);
    if (details === undefined) base[level](text);
    else base[level](redactor.redactValue(details) as Record<string, unknown>, text);
  };

  let closed = false;
  return {
    filePath,
    debug: (message, details) => write('debug', message, details),
    info: (message, details) => write('info', message, details),
    warn: (message, details) => write('warn', message, details),
    error: (message, details) => write('error', message, details),
    registerSecret: (value) => redactor.registerSecret(value),
    forgetSecret: (value) => redactor.forgetSecret(value),
    flush: async () => {
      await opened;
      if (closed) return;
      await new Promise<void>((resolve, reject) => base.flush((error) => (error ? reject(error) : resolve())));
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await opened;
      await new Promise<void>((resolve) => {
        destination.once('close', () => resolve());
        destination.end();
      });
    },
  };
}
