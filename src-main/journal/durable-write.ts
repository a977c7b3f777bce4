import { copyFile, link, mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Where each generation of a durable file lives: the current one, the one before it and the one being written. */
export interface GenerationPaths {
  readonly current: string;
  readonly previous: string;
  readonly temporary: string;
}

export function generationPaths(current: string): GenerationPaths {
  const previous = current.endsWith('.json') ? `${current.slice(0, -'.json'.length)}.prev.json` : `${current}.prev`;
  return { current, previous, temporary: `${current}.${process.pid}.tmp` };
}

/**
 * Replaces the current generation so that a crash or a power loss at any moment leaves a readable file
 * (security.md 35): the new text is flushed to the disk before it is renamed into place, the current file
 * becomes the previous generation first (a hard link, so there is never a moment without a current file),
 * and the folder is flushed last so the renames themselves survive a power loss.
 */
export async function writeGeneration(paths: GenerationPaths, content: string): Promise<void> {
  const folder = dirname(paths.current);
  await writeFlushed(paths.temporary, content, folder);
  await keepAsPrevious(paths);
  await rename(paths.temporary, paths.current);
  await flushFolder(folder);
}

/** The folder is made only when it is missing: every write-ahead is on the way of a payment. */
async function writeFlushed(path: string, content: string, folder: string): Promise<void> {
  const handle = await open(path, 'w', 0o600).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    await mkdir(folder, { recursive: true, mode: 0o700 });
    return open(path, 'w', 0o600);
  });
  try {
    await handle.writeFile(content, 'utf8');
    // The data and its length are what a reader needs; the folder's flush makes the rename last.
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

async function keepAsPrevious(paths: GenerationPaths): Promise<void> {
  const staged = `${paths.previous}.${process.pid}.tmp`;
  try {
    await linkOver(paths.current, staged);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    // A file system without hard links: a flushed copy serves the same purpose.
    await copyFile(paths.current, staged);
    await flushFile(staged);
  }
  await rename(staged, paths.previous);
}

/** A staged link a crash left behind is replaced. */
async function linkOver(existing: string, staged: string): Promise<void> {
  try {
    await link(existing, staged);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    await rm(staged, { force: true });
    await link(existing, staged);
  }
}

async function flushFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Windows cannot open a folder for flushing; its renames are journaled by NTFS itself. */
async function flushFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  await flushFile(folder);
}

/** Writes a file aside (a damaged generation kept for a person), flushed like a generation. */
export async function writeAside(path: string, content: string | Buffer): Promise<void> {
  await writeFile(path, content, { mode: 0o600 });
  await flushFile(path);
  await flushFolder(dirname(path));
}
