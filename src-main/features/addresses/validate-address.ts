import { networks, type NetworkKey, type NetworkKind } from '../../../src-preload/contract/assets';
import { t } from '../../i18n/main-text';
import { AppError } from '../../app-error';
import type { AddressCheck } from './address-check';
import { checkSolana, checkTron, type Base58Libraries } from './base58-addresses';

export type { AddressCheck } from './address-check';

/**
 * Destination address checks shared by every feature that sends money out (send, merchant withdraw,
 * merchant address verification): security.md 26 — format and checksum for the network, before any
 * call to the service. The checksums are computed by maintained libraries (bitcoinjs-lib for Base58Check
 * and bech32/bech32m, ox — viem's address core, without the rest of viem's start-up cost — for EIP-55, @scure/base
 * for TRON's base58check and Solana's base58); this module only decides which prefixes each network accepts.
 */
// The checksum libraries load on the first check, not at start-up: together they cost about 110 ms of
// import time that a launch that only shows balances would pay for nothing.
interface ChecksumLibraries {
  readonly btc: (typeof import('bitcoinjs-lib'))['address'];
  readonly evm: typeof import('ox/Address');
  readonly base58: Base58Libraries;
}
let libraries: Promise<ChecksumLibraries> | null = null;

function loadLibraries(): Promise<ChecksumLibraries> {
  if (libraries) return libraries;
  const loading = Promise.all([
    import('bitcoinjs-lib'),
    import('ox/Address'),
    import('@scure/base'),
    import('@noble/hashes/sha2.js'),
  ]).then(([bitcoin, evm, scure, sha2]) => ({
    btc: bitcoin.address,
    evm,
    base58: { base58: scure.base58, base58check: scure.createBase58check(sha2.sha256) },
  }));
  // A load that failed is not kept, so the next check tries again: that helps when a module could not be found
  // or read; one that threw while it ran stays failed in Node's module cache, and every check says so.
  loading.catch(() => {
    if (libraries === loading) libraries = null;
  });
  libraries = loading;
  return loading;
}

interface UtxoParams {
  readonly name: string;
  readonly bech32: string;
  /** Base58Check version bytes a mainnet address of this chain may carry. */
  readonly base58Versions: readonly number[];
}

// Litecoin's legacy P2SH addresses used Bitcoin's version byte 0x05 ("3..."); they are refused because such
// an address cannot be told apart from a Bitcoin one, and wallets have issued "M..." (0x32) since 2017.
const utxoParams: Record<'bitcoin' | 'litecoin', UtxoParams> = {
  bitcoin: { name: 'Bitcoin', bech32: 'bc', base58Versions: [0x00, 0x05] },
  litecoin: { name: 'Litecoin', bech32: 'ltc', base58Versions: [0x30, 0x32] },
};

function checkUtxo(btcAddress: ChecksumLibraries['btc'], params: UtxoParams, text: string): AddressCheck {
  const lower = text.toLowerCase();
  if (lower.startsWith(`${params.bech32}1`)) {
    // BIP-173: all one case. Stored lower case so the same address is always the same string.
    if (text !== lower && text !== text.toUpperCase()) {
      return { ok: false, reason: t('mainFeatures.mixedCase', { network: params.name }) };
    }
    let decoded: ReturnType<typeof btcAddress.fromBech32>;
    try {
      decoded = btcAddress.fromBech32(lower);
    } catch {
      return { ok: false, reason: t('mainFeatures.checksum', { network: params.name }) };
    }
    if (decoded.prefix !== params.bech32)
      return { ok: false, reason: t('mainFeatures.notOnNetwork', { network: params.name }) };
    const length = decoded.data.length;
    const shapeOk =
      decoded.version === 0 ? length === 20 || length === 32 : decoded.version <= 16 && length >= 2 && length <= 40;
    if (!shapeOk || decoded.version > 1) {
      return { ok: false, reason: t('mainFeatures.unsupportedKind', { network: params.name }) };
    }
    if (decoded.version === 1 && length !== 32)
      return { ok: false, reason: t('mainFeatures.malformed', { network: params.name }) };
    return { ok: true, address: lower };
  }
  let version: number;
  try {
    version = btcAddress.fromBase58Check(text).version;
  } catch {
    return { ok: false, reason: t('mainFeatures.invalidFormat', { network: params.name }) };
  }
  if (!params.base58Versions.includes(version)) {
    return { ok: false, reason: t('mainFeatures.otherNetwork', { network: params.name }) };
  }
  return { ok: true, address: text };
}

function checkEvm(EvmAddress: ChecksumLibraries['evm'], networkName: string, text: string): AddressCheck {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) {
    return { ok: false, reason: t('mainFeatures.evmShape', { network: networkName }) };
  }
  // strict: a mixed-case address must carry a correct EIP-55 checksum; all lower case claims none.
  if (!EvmAddress.validate(text, { strict: true })) {
    return {
      ok: false,
      reason: t('mainFeatures.evmChecksum', { network: networkName }),
    };
  }
  return { ok: true, address: text };
}

export async function checkAddressForKind(
  kind: NetworkKind,
  networkName: string,
  input: string,
): Promise<AddressCheck> {
  // An empty field needs no checksum library: said at once, even if they could not load.
  if (input.trim() === '') return { ok: false, reason: t('mainFeatures.enterAddress') };
  return checkWith(await loadLibraries(), kind, networkName, input);
}

function checkWith(
  { btc, evm, base58 }: ChecksumLibraries,
  kind: NetworkKind,
  networkName: string,
  input: string,
): AddressCheck {
  const text = input.trim();
  if (text === '') return { ok: false, reason: t('mainFeatures.enterAddress') };
  switch (kind) {
    case 'bitcoin':
      return checkUtxo(btc, utxoParams.bitcoin, text);
    case 'litecoin':
      return checkUtxo(btc, utxoParams.litecoin, text);
    case 'evm':
      return checkEvm(evm, networkName, text);
    case 'tron':
      return checkTron(base58, text);
    case 'solana':
      return checkSolana(base58, text);
  }
}

/** Checks an address for a network of the asset table (src-preload/contract/assets.ts). */
export function checkAddress(network: NetworkKey, input: string): Promise<AddressCheck> {
  const spec = networks[network];
  return checkAddressForKind(spec.kind, spec.name, input);
}

/**
 * The same check as checkAddress, synchronous once the libraries have loaded: a payout file's thousand rows
 * are checked in one go, without a promise and a microtask for each.
 */
export async function addressChecker(): Promise<(network: NetworkKey, input: string) => AddressCheck> {
  const loaded = await loadLibraries();
  return (network, input) => checkWith(loaded, networks[network].kind, networks[network].name, input);
}

/** Same check by the service's numeric network id (spec 2.3; 6 is TRON). */
export async function checkAddressForNetworkId(networkId: number, input: string): Promise<AddressCheck> {
  const key = (Object.keys(networks) as NetworkKey[]).find((k) => networks[k].id === networkId);
  if (!key) return { ok: false, reason: 'Unknown network.' };
  return checkAddress(key, input);
}

/** The checked, normalised address, or AppError('invalid_address') naming the form field. */
export async function requireValidAddress(network: NetworkKey, input: string, field = 'address'): Promise<string> {
  const result = await checkAddress(network, input);
  if (!result.ok) throw new AppError('invalid_address', result.reason, { field });
  return result.address;
}
