import type { TransactionItem } from '../../service/interface-a-schemas';

// The amount's two 32-bit halves, read without allocating.
const amountBits = new Float64Array(1);
const amountWords = new Uint32Array(amountBits.buffer);

// Two lanes of 32 bits, each an FNV-1a-style multiply-xor with its own seed and prime, fed the same words in
// one pass: the digest takes 20 bits of one and 32 of the other.
const SEED_A = 0x811c9dc5;
const PRIME_A = 0x01000193;
const SEED_B = 0x9747b28c;
const PRIME_B = 0x5bd1e995;
let laneA = 0;
let laneB = 0;

function mixWord(word: number): void {
  laneA = Math.imul(laneA ^ word, PRIME_A);
  laneB = Math.imul(laneB ^ word, PRIME_B);
}

/** A string's length, then its code units: "ab" + "c" and "a" + "bc" stay apart. */
function mixText(text: string): void {
  mixWord(text.length);
  for (let i = 0; i < text.length; i += 1) mixWord(text.charCodeAt(i));
}

/** murmur3's finaliser: every input bit reaches every output bit. */
function avalanche(hash: number): number {
  let h = hash ^ (hash >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A 52-bit digest of the fields that tell records with one reference id apart (those row-key.ts hashes), as a
 * number a double holds exactly. Two different records behind one reference id share it with a chance of
 * about one in 4.5 * 10^15.
 */
function fieldsDigest(item: TransactionItem): number {
  laneA = SEED_A;
  laneB = SEED_B;
  // -0 and 0 are one amount, as === (and the amount's text) have it.
  amountBits[0] = item.amount === 0 ? 0 : item.amount;
  mixWord(amountWords[0]!);
  mixWord(amountWords[1]!);
  mixText(item.date);
  mixText(item.txId ?? '');
  mixText(item.symbol);
  mixText(item.type);
  return (avalanche(laneA) & 0xfffff) * 0x100000000 + avalanche(laneB);
}

/**
 * One page's records, to tell whether a record of the next page is one of them. Held by reference id, the
 * service's own string, with a digest of the other fields rather than the record itself: a page held until
 * the next one is written outlived the young generation, and promoting and marking every record of every
 * page was some 15 % of a history export's CPU (bench/traces/csv-export.cpuprofile). A string joined from
 * every field instead cost more to build than the rest of this check.
 */
export class PageRecords {
  private readonly byReference = new Map<string, number | number[]>();

  add(item: TransactionItem): void {
    const digest = fieldsDigest(item);
    const held = this.byReference.get(item.referenceId);
    if (held === undefined) this.byReference.set(item.referenceId, digest);
    else if (Array.isArray(held)) held.push(digest);
    // A shared or empty reference id (a swap's two legs, payments to one address): each record's digest is kept.
    else this.byReference.set(item.referenceId, [held, digest]);
  }

  has(item: TransactionItem): boolean {
    const held = this.byReference.get(item.referenceId);
    if (held === undefined) return false;
    const digest = fieldsDigest(item);
    return Array.isArray(held) ? held.includes(digest) : held === digest;
  }
}
