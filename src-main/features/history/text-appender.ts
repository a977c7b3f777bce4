import type { FileHandle } from 'node:fs/promises';

/** Bytes gathered before they are written: the only buffer that grows with the rows, and it stays this small. */
const BUFFER_BYTES = 64 * 1024;

/** UTF-8 takes at most three bytes for one UTF-16 code unit (a pair takes four for two; a lone one is U+FFFD). */
const MAX_BYTES_PER_UNIT = 3;

/**
 * Text written to the end of a file through one byte buffer that is reused. Gathering rows in a string made a
 * rope of one more string per row, flattened into a copy at each write and encoded into a new buffer there:
 * three copies of every byte of an export, all of it garbage. Here a row is encoded once, into this buffer.
 */
export class TextAppender {
  private readonly bytes = Buffer.allocUnsafe(BUFFER_BYTES);
  private used = 0;
  private position = 0;
  /** One caller, each call awaited: a row added while the buffer is being written would be lost at its end. */
  private writing = false;

  constructor(private readonly file: FileHandle) {}

  /** Adds `text` when it surely fits; false when it may not (then `append` it, which writes what is held first). */
  add(text: string): boolean {
    this.refuseWhileWriting();
    if (text.length * MAX_BYTES_PER_UNIT > BUFFER_BYTES - this.used) return false;
    this.used += this.bytes.write(text, this.used, 'utf8');
    return true;
  }

  /** Adds `text`, writing what is held first when it may not fit; a text longer than the buffer is written as it is. */
  async append(text: string): Promise<void> {
    if (this.add(text)) return;
    await this.flush();
    if (!this.add(text)) await this.writeAll(Buffer.from(text, 'utf8'));
  }

  /** Writes what is held; the buffer is not touched until the write is done. */
  async flush(): Promise<void> {
    this.refuseWhileWriting();
    if (this.used === 0) return;
    this.writing = true;
    try {
      await this.writeAll(this.bytes, this.used);
    } finally {
      this.writing = false;
    }
    this.used = 0;
  }

  /** Where the next byte goes once what is held is written: the file's length, when no page was started over. */
  get length(): number {
    return this.position + this.used;
  }

  /**
   * Forgets everything added after the file was `length` bytes long (a page read again from its start): what
   * is held is dropped and the next write lands at `length`, over the bytes written since. The file keeps its
   * size until it is cut (FileHandle.truncate) when the export is kept.
   */
  rewind(length: number): void {
    this.refuseWhileWriting();
    if (length > this.position) {
      if (length > this.position + this.used) throw new RangeError('rewind past the end of the text');
      // Only part of what is held goes: the bytes before `length` stay.
      this.used = length - this.position;
      return;
    }
    this.used = 0;
    this.position = length;
  }

  private refuseWhileWriting(): void {
    if (this.writing) throw new Error('text added to the export while its buffer was being written');
  }

  /** The first `length` bytes (all by default), however many writes the file takes for them. */
  private async writeAll(bytes: Buffer, length = bytes.length): Promise<void> {
    for (let done = 0; done < length;) {
      const { bytesWritten } = await this.file.write(bytes, done, length - done, this.position);
      // A file that takes nothing would loop here for ever; the export fails instead (no file is kept).
      if (bytesWritten <= 0) throw new Error('the file took none of the bytes written to it');
      done += bytesWritten;
      this.position += bytesWritten;
    }
  }
}
