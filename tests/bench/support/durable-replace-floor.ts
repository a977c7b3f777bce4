import { open, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';

async function flushed(path: string, flags: string, flush: 'data' | 'all', content?: string): Promise<void> {
  const handle = await open(path, flags, 0o600);
  try {
    if (content !== undefined) await handle.writeFile(content, 'utf8');
    await (flush === 'data' ? handle.datasync() : handle.sync());
  } finally {
    await handle.close();
  }
}

/**
 * The least a crash-safe replace of a file can do, and so what no write-ahead can beat: the new bytes written
 * to a temporary file beside it (same mode and flags) and flushed (fdatasync), renamed over the file, the
 * folder flushed (fsync) so the rename survives a power loss. Two flushes, as the money journal's save makes.
 */
export async function durableReplace(file: string, content: string): Promise<void> {
  const temporary = join(dirname(file), `.${process.pid}.tmp`);
  await flushed(temporary, 'w', 'data', content);
  await rename(temporary, file);
  await flushed(dirname(file), 'r', 'all');
}
