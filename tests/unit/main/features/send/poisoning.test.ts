import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { findLookalike, type KnownAddress } from '../../../../../src-main/features/send/poisoning';

const history = (address: string): KnownAddress => ({ address, source: 'history' });
const verified = (address: string): KnownAddress => ({ address, source: 'verified' });

/** Replaces characters in the middle of an EVM address and re-applies its EIP-55 checksum. */
function evmLookalike(address: string, middle: string): string {
  const body = address.slice(2).toLowerCase();
  const at = Math.floor((body.length - middle.length) / 2);
  return getAddress(`0x${body.slice(0, at)}${middle}${body.slice(at + middle.length)}`);
}

describe('the look-alike (address poisoning) check', () => {
  const real = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

  it('warns when first and last four characters match but the middle differs', () => {
    const fake = evmLookalike(real, '0000000000');
    expect(findLookalike(fake, [history(real)])).toMatchObject({ lookalike: real, source: 'history' });
  });

  it('ignores the 0x prefix and letter case, which every EVM address shares or may vary', () => {
    const onlyPrefix = getAddress('0x5aae000000000000000000000000000000000000');
    expect(findLookalike(onlyPrefix, [history(real)])).toBeNull();
    expect(findLookalike(real.toLowerCase(), [history(real)])).toBeNull();
  });

  it('needs both ends to match', () => {
    const sameStart = evmLookalike(real, 'ffff').slice(0, 38) + '0000';
    expect(findLookalike(getAddress(sameStart.toLowerCase()), [history(real)])).toBeNull();
  });

  it('compares a bech32 address by its data part after "bc1" (witness version included), never by the shared prefix alone', () => {
    const a = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
    const b = 'bc1qw508aaaaaaaaaaaaaaaaaaaaaaaaaaaaav8f3t4';
    expect(findLookalike(b, [history(a)])).toMatchObject({ lookalike: a });
    // Only "bc1q" and the end in common: every segwit address starts so, which proves nothing.
    expect(findLookalike('bc1qzzzzaaaaaaaaaaaaaaaaaaaaaaaaaaaaazzzzzz', [history(a)])).toBeNull();
    expect(findLookalike('bc1qzzzzaaaaaaaaaaaaaaaaaaaaaaaaaaaaav8f3t4', [history(a)])).toBeNull();
  });

  it('flags a bech32 imitation that matches "bc1q" plus three characters and the end (what a glance sees)', () => {
    const a = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
    // Reads "bc1qw50…8f3t4" like the real one; the data part "qw50…" shares four characters with it.
    const imitation = 'bc1qw50aaaaaaaaaaaaaaaaaaaaaaaaaaaaaav8f3t4';
    expect(findLookalike(imitation, [history(a)])).toMatchObject({ lookalike: a });
    expect(findLookalike(imitation.toUpperCase(), [history(a)])).toMatchObject({ lookalike: a });
  });

  it('finds the data part after the last "1" whatever the human-readable part', () => {
    const litecoin = 'ltc1qg82tmuuq6wdpvq5qhkx6k7mxsfq0j5l8ldr8ew';
    expect(findLookalike('ltc1qg82aaaaaaaaaaaaaaaaaaaaaaaaaaaaaldr8ew', [history(litecoin)])).toMatchObject({
      lookalike: litecoin,
    });
    const regtest = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
    expect(findLookalike('bcrt1qw50aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaygt080', [history(regtest)])).toMatchObject({
      lookalike: regtest,
    });
    expect(findLookalike('bcrt1qzzzaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaygt080', [history(regtest)])).toBeNull();
  });

  it('prefers a verified address when several known addresses are imitated', () => {
    const fake = evmLookalike(real, '0000000000');
    const other = evmLookalike(real, '1111111111');
    expect(findLookalike(fake, [history(other), verified(real)])).toMatchObject({
      lookalike: real,
      source: 'verified',
    });
  });

  it('still warns when the destination itself is in the history next to the address it imitates', () => {
    const fake = evmLookalike(real, '0000000000');
    expect(findLookalike(fake, [history(fake), history(real)])).toMatchObject({ lookalike: real });
  });
});

describe('the look-alike check against the address book', () => {
  const saved = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  const entry: KnownAddress = { address: saved, source: 'address-book', name: 'Exchange' };

  it('flags a typed address that looks like, but is not, a saved one, naming the entry', () => {
    const body = saved.slice(2).toLowerCase();
    const fake = getAddress(`0x${body.slice(0, 15)}0000000000${body.slice(25)}`);
    const warning = findLookalike(fake, [history(fake.replace(/.$/, '0')), entry]);
    expect(warning).toMatchObject({ lookalike: saved, source: 'address-book' });
    expect(warning?.message).toContain('in your address book (“Exchange”)');
  });

  it('does not flag the saved address itself', () => {
    expect(findLookalike(saved.toLowerCase(), [entry])).toBeNull();
  });
});
