import { createHash } from 'node:crypto';

/** mulberry32: a tiny seeded PRNG, so the same seed replays the same "random" amounts and ids. */
export function createPrng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Order-independent deterministic bytes: the same seed and label always give the same 32 bytes. */
export function deriveBytes(seed: number, label: string): Buffer {
  return createHash('sha256').update(`wallet-desk-sandbox:${seed}:${label}`).digest();
}

/** A GUID-shaped string (version 4 layout) from derived bytes. */
export function guidFrom(bytes: Buffer): string {
  const b = Buffer.from(bytes.subarray(0, 16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
