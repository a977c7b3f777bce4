import { mkdtemp, open, readFile, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { TextAppender } from '../../../../../src-main/features/history/text-appender';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'text-appender-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Texts whose UTF-8 takes one to four bytes a character, a lone surrogate, an empty one, and some past the buffer. */
const texts = [
  'Account,Date (UTC)\r\n',
  '',
  'Zürich,2026-01-01\r\n',
  '€ 1.000,00 — ok\r\n',
  '😀 pair\r\n',
  'lone \ud800 surrogate\r\n',
  '\udc00',
  'x'.repeat(21_845),
  'é'.repeat(30_000),
  'y'.repeat(200_000),
  ...Array.from({ length: 2_000 }, (_, n) => `row ${n},ç,${'z'.repeat(n % 97)}\r\n`),
];

/** What writing each text to the file as a string gives: Node's own UTF-8 for it. */
const expected = Buffer.concat(texts.map((text) => Buffer.from(text, 'utf8')));

async function appendAll(file: FileHandle): Promise<void> {
  const out = new TextAppender(file);
  for (const [index, text] of texts.entries()) {
    // Both ways the export uses: add while it fits, append (flushing first) when it may not.
    if (index % 3 === 0) await out.append(text);
    else if (!out.add(text)) await out.append(text);
  }
  await out.flush();
}

it('writes the same bytes as the texts written one after the other', async () => {
  const path = join(dir, 'out.csv');
  const file = await open(path, 'wx');
  await appendAll(file);
  await file.close();
  expect((await readFile(path)).equals(expected)).toBe(true);
});

it('writes every byte when the file takes fewer than it is given', async () => {
  const path = join(dir, 'short-writes.csv');
  const file = await open(path, 'wx');
  // A file that takes at most 1,000 bytes a write, as a pipe or a full disk's last blocks may.
  const stingy = new Proxy(file, {
    get(target, key) {
      if (key === 'write') {
        return (bytes: Buffer, offset: number, length: number, position: number) =>
          target.write(bytes, offset, Math.min(length, 1_000), position);
      }
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  await appendAll(stingy);
  await file.close();
  expect((await readFile(path)).equals(expected)).toBe(true);
});

it('fails instead of waiting for ever on a file that takes nothing', async () => {
  const path = join(dir, 'none.csv');
  const file = await open(path, 'wx');
  const full = new Proxy(file, {
    get(target, key) {
      if (key === 'write') return async () => ({ bytesWritten: 0 });
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const out = new TextAppender(full);
  expect(out.add('row\r\n')).toBe(true);
  await expect(out.flush()).rejects.toThrow();
  await file.close();
});

it('refuses text added while its buffer is being written, which would otherwise be lost', async () => {
  const path = join(dir, 'overlap.csv');
  const file = await open(path, 'wx');
  const out = new TextAppender(file);
  out.add('first\r\n');
  const flushed = out.flush();
  expect(() => out.add('second\r\n')).toThrow(/while its buffer was being written/);
  await expect(out.flush()).rejects.toThrow(/while its buffer was being written/);
  await flushed;
  expect(out.add('second\r\n')).toBe(true);
  await out.flush();
  await file.close();
  expect(await readFile(path, 'utf8')).toBe('first\r\nsecond\r\n');
});

it('rewind writes over what came after the mark, whether it was written or still held', async () => {
  const file = await open(join(dir, 'out.txt'), 'w+');
  const out = new TextAppender(file);
  await out.append('header\n');
  await out.flush();
  const mark = out.length;
  // A first attempt: one stretch written, one still held.
  await out.append('first attempt, written\n');
  await out.flush();
  await out.append('first attempt, held\n');
  out.rewind(mark);
  expect(out.length).toBe(mark);
  await out.append('again\n');
  await out.flush();
  // The file keeps its size until it is cut; the text is what length says.
  await file.truncate(out.length);
  await file.close();
  expect(await readFile(join(dir, 'out.txt'), 'utf8')).toBe('header\nagain\n');
});

it('rewind keeps what is held before a mark inside the buffer', async () => {
  const file = await open(join(dir, 'held.txt'), 'w+');
  const out = new TextAppender(file);
  await out.append('kept\n');
  const mark = out.length;
  await out.append('dropped\n');
  out.rewind(mark);
  await out.append('next\n');
  await out.flush();
  await file.close();
  expect(await readFile(join(dir, 'held.txt'), 'utf8')).toBe('kept\nnext\n');
  expect(() => out.rewind(out.length + 1)).toThrow(RangeError);
});
