import { describe, expect, it } from 'vitest';
import { Utf8Pieces, wholeCharactersLength } from '../../../../src-main/service/utf8-pieces';

/** What one TextDecoder in stream mode makes of the pieces, the reference. */
function streamed(pieces: readonly Uint8Array[]): string {
  const decoder = new TextDecoder();
  return pieces.map((piece) => decoder.decode(piece, { stream: true })).join('') + decoder.decode();
}

function inPieces(pieces: readonly Uint8Array[]): string {
  const text = new Utf8Pieces();
  return pieces.map((piece) => text.next(piece)).join('') + text.end();
}

/** The bytes cut at every position in `cuts`. */
function cutAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [0, ...cuts, bytes.length];
  return points.slice(1).map((end, i) => bytes.subarray(points[i], end));
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const bytesOf = (...values: number[]): Uint8Array => Uint8Array.from(values);

/** A small deterministic generator, so a failure can be run again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('Utf8Pieces', () => {
  it('decodes characters of one to four bytes cut at every point as the stream decoder does', () => {
    const bytes = utf8('a é € 😀 ü\u{10FFFF}z');
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      expect(inPieces(cutAt(bytes, [cut]))).toBe('a é € 😀 ü\u{10FFFF}z');
    }
    for (let first = 0; first <= bytes.length; first += 1) {
      for (let second = first; second <= bytes.length; second += 1) {
        expect(inPieces(cutAt(bytes, [first, second]))).toBe(streamed(cutAt(bytes, [first, second])));
      }
    }
  });

  it('drops a byte order mark at the start only, even one cut across pieces', () => {
    const bom = [0xef, 0xbb, 0xbf];
    const bytes = bytesOf(...bom, 0x61, ...bom, 0x62);
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      expect(inPieces(cutAt(bytes, [cut])), `cut at ${cut}`).toBe('a\u{FEFF}b');
    }
    // An empty first piece is no start of the text.
    expect(inPieces([bytesOf(), bytesOf(...bom, 0x61)])).toBe('a');
    expect(inPieces([bytesOf(0x61), bytesOf(...bom)])).toBe('a\u{FEFF}');
  });

  it('reads bad and unfinished sequences as the stream decoder does, wherever the pieces are cut', () => {
    const samples = [
      bytesOf(0xe2, 0x28, 0xa1), // a lead byte, then one that cannot follow it
      bytesOf(0xc3), // cut at the very end
      bytesOf(0xf0, 0x9f, 0x98), // three of four bytes, then the end
      bytesOf(0x80, 0x80, 0x61), // continuation bytes with no lead
      bytesOf(0xe0, 0x80, 0x80), // an overlong form
      bytesOf(0xed, 0xa0, 0x80), // a surrogate's bytes
      bytesOf(0xf4, 0x90, 0x80, 0x80), // past U+10FFFF
      bytesOf(0xc0, 0xc1, 0xf5, 0xff, 0x61), // bytes that never start a character
      bytesOf(0xf0, 0x9f, 0x98, 0x80, 0x80), // a whole character and one byte too many
    ];
    for (const bytes of samples) {
      for (let cut = 0; cut <= bytes.length; cut += 1) {
        expect(inPieces(cutAt(bytes, [cut])), `${bytes.join(' ')} cut at ${cut}`).toBe(streamed(cutAt(bytes, [cut])));
      }
    }
  });

  it('agrees with the stream decoder on random bytes in random pieces', () => {
    const next = random(31);
    // Bytes from the ranges that matter: ASCII, continuation bytes, the lead bytes of every length, bad ones.
    const kinds = [
      () => 0x20 + Math.floor(next() * 0x5f),
      () => 0x80 + Math.floor(next() * 0x40),
      () => 0xc0 + Math.floor(next() * 0x40),
    ];
    for (let round = 0; round < 2_000; round += 1) {
      const length = Math.floor(next() * 24);
      const bytes = Uint8Array.from({ length }, () => kinds[Math.floor(next() * kinds.length)]!());
      const cuts = Array.from({ length: Math.floor(next() * 4) }, () => Math.floor(next() * (length + 1))).sort(
        (a, b) => a - b,
      );
      const pieces = cutAt(bytes, cuts);
      expect(inPieces(pieces), `${bytes.join(' ')} cut at ${cuts.join(' ')}`).toBe(streamed(pieces));
    }
  });

  it('holds back only a character the piece cuts', () => {
    expect(wholeCharactersLength(utf8('ab'))).toBe(2);
    expect(wholeCharactersLength(utf8('a€'))).toBe(4);
    expect(wholeCharactersLength(utf8('a€').subarray(0, 3))).toBe(1);
    expect(wholeCharactersLength(utf8('😀').subarray(0, 3))).toBe(0);
    expect(wholeCharactersLength(bytesOf())).toBe(0);
  });
});
