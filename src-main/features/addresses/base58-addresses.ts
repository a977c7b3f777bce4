import type { AddressCheck } from './address-check';
import { t } from '../../i18n/main-text';

/**
 * TRON and Solana address checks. The decoding is done by maintained libraries (@scure/base's base58 and
 * base58check over @noble/hashes' SHA-256); this module only decides what a decoded address must look like.
 */
export interface Base58Libraries {
  readonly base58: { decode(text: string): Uint8Array };
  readonly base58check: { decode(text: string): Uint8Array };
}

/** A TRON account address: base58check of 21 bytes, the first being 0x41 (so the text starts with T). */
const TRON_VERSION = 0x41;
const TRON_PAYLOAD_BYTES = 21;
/** A Solana account address is an ed25519 public key (or a program-derived one): 32 bytes in base58. */
const SOLANA_KEY_BYTES = 32;
const BASE58_TEXT = /^[1-9A-HJ-NP-Za-km-z]+$/;

export function checkTron(libraries: Base58Libraries, text: string): AddressCheck {
  if (text.startsWith('0x') || text.startsWith('41')) {
    return {
      ok: false,
      reason: t('mainFeatures.tronHex'),
    };
  }
  if (!BASE58_TEXT.test(text)) {
    return { ok: false, reason: t('mainFeatures.tronCharacters') };
  }
  let payload: Uint8Array;
  try {
    payload = libraries.base58check.decode(text);
  } catch {
    return { ok: false, reason: t('mainFeatures.tronChecksum') };
  }
  if (payload.length !== TRON_PAYLOAD_BYTES || payload[0] !== TRON_VERSION) {
    return { ok: false, reason: t('mainFeatures.tronOtherNetwork') };
  }
  return { ok: true, address: text };
}

export function checkSolana(libraries: Base58Libraries, text: string): AddressCheck {
  if (!BASE58_TEXT.test(text)) {
    return { ok: false, reason: t('mainFeatures.solanaCharacters') };
  }
  let key: Uint8Array;
  try {
    key = libraries.base58.decode(text);
  } catch {
    return { ok: false, reason: t('mainFeatures.solanaInvalid') };
  }
  // Solana addresses carry no checksum: the length is all that can be checked, so a typo that keeps it is
  // not caught (the review says to compare the address with its source).
  if (key.length !== SOLANA_KEY_BYTES) {
    return { ok: false, reason: t('mainFeatures.solanaLength') };
  }
  return { ok: true, address: text };
}
