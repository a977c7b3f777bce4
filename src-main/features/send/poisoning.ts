import type { PoisoningWarning } from '../../../src-preload/contract/send';
import { t } from '../../i18n/main-text';

export interface KnownAddress {
  readonly address: string;
  readonly source: PoisoningWarning['source'];
  /** The name the user gave it, for an address-book entry. */
  readonly name?: string;
}

/** What the user meant weighs more than what merely passed through their history. */
const sourceWeight: Record<KnownAddress['source'], number> = { 'address-book': 2000, verified: 1000, history: 0 };

function lookalikeWords(known: KnownAddress): string {
  switch (known.source) {
    case 'address-book':
      return t('mainFeatures.lookalikeBook', { address: known.address, name: known.name ?? '' });
    case 'verified':
      return t('mainFeatures.lookalikeVerified', { address: known.address });
    case 'history':
      return t('mainFeatures.lookalikeHistory', { address: known.address });
  }
}

/** How many leading and trailing characters a look-alike must share (four or more). */
export const LOOKALIKE_CHARS = 4;

/**
 * A bech32 address (BIP 173): human-readable part, the separator "1" (the last "1", as the data charset has
 * none), then the data part, which begins with the witness version ("q" for v0, "p" for taproot).
 */
const BECH32 = /^(.+)1([qpzry9x8gf2tvdw0s3jn54khce6mua7l]{7,})$/;

/**
 * The part of an address a person compares by eye. What every address of a kind shares proves nothing when
 * it matches: "0x" for EVM, the human-readable part and separator ("bc1", "ltc1", "tb1") for bech32. The
 * bech32 data part is compared whole, witness version included: an imitation of "bc1qw50…" needs only
 * "w50" after the shared "bc1q" to look the same at a glance. EVM and bech32 case carries no meaning.
 */
function payload(address: string): string {
  const lower = address.trim().toLowerCase();
  if (/^0x[0-9a-f]{40}$/.test(lower)) return lower.slice(2);
  const bech32 = BECH32.exec(lower);
  if (bech32?.[2]) return bech32[2];
  return address.trim();
}

function sharedPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
}

function sharedSuffix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n += 1;
  return n;
}

/**
 * Address poisoning: an attacker sends dust from an address whose first and last characters match one
 * the victim uses, hoping the victim copies it from history. Returns a warning when the destination
 * shares at least LOOKALIKE_CHARS leading and trailing characters with a known address but is not it.
 */
export function findLookalike(destination: string, known: readonly KnownAddress[]): PoisoningWarning | null {
  const target = payload(destination);
  let best: { known: KnownAddress; score: number } | null = null;
  for (const candidate of known) {
    const other = payload(candidate.address);
    if (other === target) continue;
    const head = sharedPrefix(target, other);
    const tail = sharedSuffix(target, other);
    if (head < LOOKALIKE_CHARS || tail < LOOKALIKE_CHARS) continue;
    const score = head + tail + sourceWeight[candidate.source];
    if (!best || score > best.score) best = { known: candidate, score };
  }
  if (!best) return null;
  return {
    lookalike: best.known.address,
    source: best.known.source,
    message: lookalikeWords(best.known),
  };
}
