import type { TransactionItem } from '../../service/interface-a-schemas';

// murmur3's constants (Austin Appleby's public-domain hash): two lanes with their own seeds.
const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;
const SEED_A = 0x811c9dc5;
const SEED_B = 0x9747b28c;
let laneA = 0;
let laneB = 0;

/** One murmur3 round per 16-bit code unit on each lane: multiplications and rotations, so no bit stays linear. */
function mixUnit(unit: number): void {
  let k = Math.imul(unit, C1);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, C2);
  laneA ^= k;
  laneA = (laneA << 13) | (laneA >>> 19);
  laneA = (Math.imul(laneA, 5) + 0xe6546b64) | 0;
  laneB ^= Math.imul(k, 0x85ebca6b);
  laneB = (laneB << 17) | (laneB >>> 15);
  laneB = (Math.imul(laneB, 9) + 0x2c1b3c6d) | 0;
}

/** A string's length, then its code units: "ab" + "c" and "a" + "bc" stay apart. */
function mixText(text: string): void {
  mixUnit(text.length);
  for (let i = 0; i < text.length; i += 1) mixUnit(text.charCodeAt(i));
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
 * A 52-bit digest of the text fields that tell records with one reference id and amount apart (the others
 * row-key.ts hashes), as a number a double holds exactly.
 */
function textDigest(item: TransactionItem): number {
  laneA = SEED_A;
  laneB = SEED_B;
  mixText(item.date);
  mixText(item.txId ?? '');
  mixText(item.symbol);
  mixText(item.type);
  return (avalanche(laneA) & 0xfffff) * 0x100000000 + avalanche(laneB);
}

/** What is kept of a record: its amount itself, and a digest of the rest. */
interface Kept {
  readonly amount: number;
  readonly digest: number;
}

function sameRecord(kept: Kept, item: TransactionItem, digest: number): boolean {
  // For the finite numbers an item holds, === agrees with comparing their String() forms (0 and -0 both "0").
  return kept.amount === item.amount && kept.digest === digest;
}

/**
 * One page's records, to tell whether a record of the next page is one of them. Held by reference id, the
 * service's own string, with the amount and a digest of the other fields rather than the record itself: a page
 * held until the next one was written outlived the young generation, and promoting and marking every record of
 * every page weighed on a history export's CPU. Two different records behind one reference id, with one amount,
 * are taken for one only if their dates, txIds, symbols and types agree in all 52 bits of the digest. A string
 * joined from every field instead cost more to build than the rest of this check.
 */
export class PageRecords {
  private readonly byReference = new Map<string, Kept | Kept[]>();

  add(item: TransactionItem): void {
    const kept: Kept = { amount: item.amount, digest: textDigest(item) };
    const held = this.byReference.get(item.referenceId);
    if (held === undefined) this.byReference.set(item.referenceId, kept);
    else if (Array.isArray(held)) held.push(kept);
    // A shared or empty reference id (a swap's two legs, payments to one address): each record is kept.
    else this.byReference.set(item.referenceId, [held, kept]);
  }

  has(item: TransactionItem): boolean {
    const held = this.byReference.get(item.referenceId);
    if (held === undefined) return false;
    const digest = textDigest(item);
    return Array.isArray(held) ? held.some((kept) => sameRecord(kept, item, digest)) : sameRecord(held, item, digest);
  }
}
