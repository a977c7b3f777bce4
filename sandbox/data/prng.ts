/**
 * Seeded PRNG (mulberry32). The sandbox must produce the same identities, balances and history for the same
 * seed on every run, so nothing in the seed data may come from Math.random or the clock.
 */
const HEX_BYTES = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export class Prng {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** Float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(minInclusive: number, maxInclusive: number): number {
    return minInclusive + Math.floor(this.next() * (maxInclusive - minInclusive + 1));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  bytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i += 1) out[i] = Math.floor(this.next() * 256);
    return out;
  }

  /** Byte-table lookup: history generation makes tens of thousands of ids, so no byte arrays here. */
  hex(byteLength: number): string {
    const parts: string[] = new Array<string>(byteLength);
    for (let i = 0; i < byteLength; i += 1) parts[i] = HEX_BYTES[Math.floor(this.next() * 256)] ?? '00';
    return parts.join('');
  }

  /** A version-4-shaped GUID, deterministic for the seed. */
  guid(): string {
    const h = this.hex(16);
    const variant = ((parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  /** Derives an independent stream, so adding draws to one part of the seed data leaves the others unchanged. */
  fork(label: string): Prng {
    let h = this.#state ^ 0x9e3779b9;
    for (let i = 0; i < label.length; i += 1) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
    return new Prng(h);
  }
}
