import type { LogDetails, Logger } from '../../../src-main/logging/logger';

export interface LogEntry {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly message: string;
  readonly details: LogDetails | undefined;
}

/** A Logger that keeps every entry so tests can read what would have been written. */
export function createRecordingLogger(): Logger & { readonly entries: LogEntry[]; text(): string } {
  const entries: LogEntry[] = [];
  const record = (level: LogEntry['level']) => (message: string, details?: LogDetails) => {
    entries.push({ level, message, details });
  };
  return {
    entries,
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
    text: () => entries.map((entry) => JSON.stringify(entry)).join('\n'),
  };
}
