import type { TransactionItem } from '../../service/interface-a-schemas';

/** The fields that tell two records apart (row-key.ts hashes the same ones for labels). */
type Identity = Pick<TransactionItem, 'referenceId' | 'txId' | 'date' | 'symbol' | 'type' | 'amount'>;

/** Records a page holds before its arrays grow: the export's 500 a page, rounded up to a power of two. */
const FIRST_CAPACITY = 512;
/** Code units a record's identity takes besides its texts' own: five lengths of two units, and the amount's four. */
const FIXED_UNITS = 5 * 2 + 4;
/** Room for records whose texts are as long as the service's usually are (some 150 code units). */
const FIRST_UNITS_PER_RECORD = 192;

// The amount's bits as four 16-bit units, read without allocating.
const amountBits = new Float64Array(1);
const amountUnits = new Uint16Array(amountBits.buffer);

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Where a text is written and hashed: one pass over its code units, with its length first. */
class IdentityWriter {
  units = new Uint16Array(0);
  at = 0;
  hash = FNV_OFFSET;

  text(text: string): void {
    const units = this.units;
    const length = text.length;
    let at = this.at;
    let h = Math.imul(this.hash ^ length, FNV_PRIME);
    units[at] = length & 0xffff;
    units[at + 1] = length >>> 16;
    at += 2;
    for (let i = 0; i < length; i += 1) {
      const unit = text.charCodeAt(i);
      units[at + i] = unit;
      h = Math.imul(h ^ unit, FNV_PRIME);
    }
    this.at = at + length;
    this.hash = h;
  }
}

/** A text's part of the hash, as IdentityWriter.text makes it, without writing the text anywhere. */
function hashText(hash: number, text: string): number {
  let h = Math.imul(hash ^ text.length, FNV_PRIME);
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}

/** murmur3's finaliser over the amount's bits and the texts' hash: the table reads the low bits. */
function finish(hash: number, amount: number): number {
  // + 0: -0 becomes 0, which === takes for the same amount.
  amountBits[0] = amount + 0;
  let h = hash;
  for (let i = 0; i < 4; i += 1) h = Math.imul(h ^ amountUnits[i]!, FNV_PRIME);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

function identityHash(item: Identity): number {
  let h = hashText(FNV_OFFSET, item.referenceId);
  h = hashText(h, item.txId ?? '');
  h = hashText(h, item.date);
  h = hashText(h, item.symbol);
  h = hashText(h, item.type);
  return finish(h, item.amount);
}

function identityUnits(item: Identity): number {
  return (
    FIXED_UNITS +
    item.referenceId.length +
    (item.txId ?? '').length +
    item.date.length +
    item.symbol.length +
    item.type.length
  );
}

/** Where the next part of an identity starts when the text written at `at` is `text`, unit by unit; else -1. */
function sameText(units: Uint16Array, at: number, text: string): number {
  const length = text.length;
  if (units[at] !== (length & 0xffff) || units[at + 1] !== length >>> 16) return -1;
  const from = at + 2;
  for (let i = 0; i < length; i += 1) if (units[from + i] !== text.charCodeAt(i)) return -1;
  return from + length;
}

/** Whether the identity written from `start` is `item`'s: its texts and its amount's bits. */
function sameIdentity(units: Uint16Array, start: number, item: Identity): boolean {
  let at = sameText(units, start, item.referenceId);
  if (at !== -1) at = sameText(units, at, item.txId ?? '');
  if (at !== -1) at = sameText(units, at, item.date);
  if (at !== -1) at = sameText(units, at, item.symbol);
  if (at !== -1) at = sameText(units, at, item.type);
  if (at === -1) return false;
  amountBits[0] = item.amount + 0;
  for (let i = 0; i < 4; i += 1) if (units[at + i] !== amountUnits[i]) return false;
  return true;
}

/**
 * One page's records, to tell whether a record of the next page is one of them: by reference id, txId, date,
 * symbol, type and amount (a missing txId reads as an empty one, 0 and -0 as one amount), compared exactly.
 *
 * Held as UTF-16 code units in typed arrays, outside the JS heap, found through a table of hashes: a page is held
 * until the next one is written, so anything it kept on the heap per record (the parsed record's strings, an
 * object, a map entry) outlived the young generation, was copied twice by the collector and then marked in the
 * old generation, which weighed on a history export's CPU: in the bench's 200,000-record export child, 9.1 s of
 * CPU with the strings held in a Map, 8.7 s as here, 8.0 s holding nothing (median of four interleaved runs).
 * `clear` lets an export use one set of arrays page after page, so that it does not allocate memory outside the
 * heap for every page either (a first version that did made 43 full collections against 40 with the Map).
 */
export class PageRecords {
  private readonly writer = new IdentityWriter();
  /** Record n's identity starts at starts[n]. */
  private starts = new Int32Array(0);
  private hashes = new Int32Array(0);
  private count = 0;
  /** Open addressing, a power of two at least twice the capacity: record number + 1 in each slot, 0 when empty. */
  private table = new Int32Array(0);

  /** Adds a record; returns its hash, which `has` on the page before takes rather than hashing it again. */
  add(item: TransactionItem): number {
    this.makeRoom(identityUnits(item));
    const writer = this.writer;
    const start = writer.at;
    writer.hash = FNV_OFFSET;
    writer.text(item.referenceId);
    writer.text(item.txId ?? '');
    writer.text(item.date);
    writer.text(item.symbol);
    writer.text(item.type);
    const hash = finish(writer.hash, item.amount);
    const units = writer.units;
    for (let i = 0; i < 4; i += 1) units[writer.at + i] = amountUnits[i]!;
    writer.at += 4;
    this.starts[this.count] = start;
    this.hashes[this.count] = hash;
    this.place(this.count, hash);
    this.count += 1;
    return hash;
  }

  /**
   * `hash`: what `add` returned for this very record on another page. Only that: a hash of anything else finds
   * nothing, and the record would be written twice.
   */
  has(item: TransactionItem, hash: number = identityHash(item)): boolean {
    if (this.count === 0) return false;
    const mask = this.table.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.table[slot]!;
      if (entry === 0) return false;
      const n = entry - 1;
      if (this.hashes[n] === hash && sameIdentity(this.writer.units, this.starts[n]!, item)) return true;
    }
  }

  /** Forgets every record, keeping the arrays for the next page's. */
  clear(): void {
    this.count = 0;
    this.writer.at = 0;
    this.table.fill(0);
  }

  /** Room for one more record of `size` code units: the arrays and the table grow by doubling. */
  private makeRoom(size: number): void {
    const writer = this.writer;
    if (writer.at + size > writer.units.length) {
      const larger = new Uint16Array(
        Math.max(FIRST_CAPACITY * FIRST_UNITS_PER_RECORD, 2 * writer.units.length, writer.at + size),
      );
      larger.set(writer.units.subarray(0, writer.at));
      writer.units = larger;
    }
    if (this.count < this.starts.length) return;
    const capacity = Math.max(FIRST_CAPACITY, 2 * this.starts.length);
    const starts = new Int32Array(capacity);
    starts.set(this.starts);
    this.starts = starts;
    const hashes = new Int32Array(capacity);
    hashes.set(this.hashes);
    this.hashes = hashes;
    this.table = new Int32Array(2 * capacity);
    for (let n = 0; n < this.count; n += 1) this.place(n, this.hashes[n]!);
  }

  private place(n: number, hash: number): void {
    const mask = this.table.length - 1;
    let slot = hash & mask;
    while (this.table[slot] !== 0) slot = (slot + 1) & mask;
    this.table[slot] = n + 1;
  }
}
