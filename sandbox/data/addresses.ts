import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, bech32, createBase58check } from '@scure/base';
import type { AddressKind } from './assets';
import type { Prng } from './prng';

/**
 * Real, checksummed addresses (BIP-173 bech32 for BTC/LTC, EIP-55 for EVM), so the app's own address checks
 * accept what the sandbox hands out and reject what it should.
 */
function segwitV0(hrp: 'bc' | 'ltc', program: Uint8Array): string {
  return bech32.encode(hrp, [0, ...bech32.toWords(program)]);
}

export function toEip55(hexAddress: string): string {
  const lower = hexAddress.toLowerCase().replace(/^0x/, '');
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(lower))).toString('hex');
  let out = '0x';
  for (let i = 0; i < lower.length; i += 1) {
    const c = lower.charAt(i);
    out += parseInt(hash.charAt(i), 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

const base58check = createBase58check(sha256);
/** A TRON account address: base58check of 0x41 and 20 bytes. */
const TRON_VERSION = 0x41;

export function generateAddress(kind: AddressKind, prng: Prng): string {
  switch (kind) {
    case 'btc':
      return segwitV0('bc', prng.bytes(20));
    case 'ltc':
      return segwitV0('ltc', prng.bytes(20));
    case 'evm':
      return toEip55(prng.hex(20));
    case 'tron':
      return base58check.encode(Uint8Array.from([TRON_VERSION, ...prng.bytes(20)]));
    case 'solana':
      return base58.encode(prng.bytes(32));
  }
}

function decodes(decode: () => Uint8Array, test: (bytes: Uint8Array) => boolean): boolean {
  try {
    return test(decode());
  } catch {
    return false;
  }
}

function isSegwitV0(address: string, hrp: 'bc' | 'ltc'): boolean {
  try {
    const decoded = bech32.decode(address as `${string}1${string}`);
    if (decoded.prefix !== hrp || decoded.words[0] !== 0) return false;
    const program = bech32.fromWords(decoded.words.slice(1));
    return program.length === 20 || program.length === 32;
  } catch {
    return false;
  }
}

const legacyBase58 = /^[1-9A-HJ-NP-Za-km-z]{25,35}$/;

/**
 * Accepts bech32 v0 (any case-consistent form) and, for BTC/LTC, legacy base58 shapes with the network's
 * leading characters; EVM needs 40 hex digits and, when mixed-case, a valid EIP-55 checksum.
 */
export function isValidAddress(kind: AddressKind, address: string): boolean {
  switch (kind) {
    case 'btc':
      return isSegwitV0(address.toLowerCase(), 'bc') || (/^[13]/.test(address) && legacyBase58.test(address));
    case 'ltc':
      return isSegwitV0(address.toLowerCase(), 'ltc') || (/^[LM3]/.test(address) && legacyBase58.test(address));
    case 'evm': {
      if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
      const body = address.slice(2);
      if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
      return toEip55(address) === address;
    }
    case 'tron':
      return decodes(
        () => base58check.decode(address),
        (bytes) => bytes.length === 21 && bytes[0] === TRON_VERSION,
      );
    case 'solana':
      return decodes(
        () => base58.decode(address),
        (bytes) => bytes.length === 32,
      );
  }
}
