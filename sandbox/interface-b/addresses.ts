import type { NetworkId } from './assets';

// BIP-173 / BIP-350 checksum, so deposit addresses the sandbox hands out pass a real wallet's checks
// and mistyped segwit destinations are refused as the real chain would.
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: number[]): number {
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    GENERATOR.forEach((g, i) => {
      if ((top >>> i) & 1) chk ^= g;
    });
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const codes = [...hrp].map((c) => c.charCodeAt(0));
  return [...codes.map((c) => c >>> 5), 0, ...codes.map((c) => c & 31)];
}

function toFiveBitWords(bytes: Uint8Array): number[] {
  const words: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const byte of bytes) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((acc >>> bits) & 31);
    }
  }
  if (bits > 0) words.push((acc << (5 - bits)) & 31);
  return words;
}

/** A version-0 segwit address (P2WPKH shape) for a 20-byte program. */
function segwitV0Address(hrp: string, program: Uint8Array): string {
  const data = [0, ...toFiveBitWords(program)];
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ BECH32_CONST;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((v) => CHARSET[v]).join('')}`;
}

function isValidSegwit(hrp: string, address: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const lower = address.toLowerCase();
  if (!lower.startsWith(`${hrp}1`) || lower.length > 90) return false;
  const dataPart = lower.slice(hrp.length + 1);
  if (dataPart.length < 8) return false;
  const values = [...dataPart].map((c) => CHARSET.indexOf(c));
  if (values.some((v) => v < 0)) return false;
  const version = values[0] ?? -1;
  if (version > 16) return false;
  const check = polymod([...hrpExpand(hrp), ...values]);
  return check === (version === 0 ? BECH32_CONST : BECH32M_CONST);
}

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const BTC_LEGACY = new RegExp(`^[13]${BASE58}{25,34}$`);
const LTC_LEGACY = new RegExp(`^[LM3]${BASE58}{26,33}$`);
const EVM = /^0x[0-9a-fA-F]{40}$/;

/**
 * Format check per network. Segwit addresses are checked with their checksum; legacy base58 and EVM
 * addresses by shape only (the app checks Base58Check and EIP-55 itself before it calls).
 */
export function isValidAddress(networkId: NetworkId, address: string): boolean {
  switch (networkId) {
    case 1:
      return isValidSegwit('bc', address) || BTC_LEGACY.test(address);
    case 2:
      return isValidSegwit('ltc', address) || LTC_LEGACY.test(address);
    case 3:
    case 4:
    case 5:
      return EVM.test(address);
  }
}

/** A deterministic, well-formed deposit address on the network from 20 derived bytes. */
export function makeAddress(networkId: NetworkId, bytes: Uint8Array): string {
  const program = bytes.subarray(0, 20);
  switch (networkId) {
    case 1:
      return segwitV0Address('bc', program);
    case 2:
      return segwitV0Address('ltc', program);
    case 3:
    case 4:
    case 5:
      // All lowercase is a valid EIP-55 form (no checksum claimed).
      return `0x${Buffer.from(program).toString('hex')}`;
  }
}

/** A transaction id in the network's usual shape. */
export function makeTxId(networkId: NetworkId, bytes: Uint8Array): string {
  const hex = Buffer.from(bytes.subarray(0, 32)).toString('hex');
  return networkId >= 3 ? `0x${hex}` : hex;
}

const EXPLORERS: Record<NetworkId, string> = {
  1: 'https://mempool.space/tx/',
  2: 'https://blockchair.com/litecoin/transaction/',
  3: 'https://etherscan.io/tx/',
  4: 'https://bscscan.com/tx/',
  5: 'https://optimistic.etherscan.io/tx/',
};

export function explorerUrl(networkId: NetworkId, txId: string): string {
  return `${EXPLORERS[networkId]}${txId}`;
}
