import { describe, expect, it } from 'vitest';
import {
  checkAddress,
  checkAddressForNetworkId,
  requireValidAddress,
} from '../../../../../src-main/features/addresses/validate-address';

describe('destination address checks (security 26)', () => {
  it('accepts well-formed addresses of each network and normalises bech32 to lower case', async () => {
    expect(await checkAddress('bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toEqual({
      ok: true,
      address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    });
    expect(await checkAddress('bitcoin', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toMatchObject({
      ok: true,
      address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    });
    expect((await checkAddress('bitcoin', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297')).ok).toBe(
      true,
    );
    expect((await checkAddress('bitcoin', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).ok).toBe(true);
    expect((await checkAddress('litecoin', 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9')).ok).toBe(true);
    expect((await checkAddress('ethereum', '0x52908400098527886E0F7030069857D2E4169EE7')).ok).toBe(true);
    expect((await checkAddress('bsc', '0x52908400098527886e0f7030069857d2e4169ee7')).ok).toBe(true);
    expect(await checkAddressForNetworkId(5, '  0x52908400098527886E0F7030069857D2E4169EE7 ')).toMatchObject({
      ok: true,
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
  });

  it('refuses checksum typos, wrong prefixes and wrong networks', async () => {
    expect((await checkAddress('bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).ok).toBe(false);
    expect((await checkAddress('bitcoin', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')).ok).toBe(false);
    expect((await checkAddress('litecoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).ok).toBe(false);
    expect((await checkAddress('litecoin', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).ok).toBe(false);
    expect((await checkAddress('bitcoin', 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9')).ok).toBe(false);
    expect((await checkAddress('ethereum', '0x52908400098527886E0F7030069857D2E4169Ee7')).ok).toBe(false);
    expect((await checkAddress('ethereum', '0x5290840009852788')).ok).toBe(false);
    expect((await checkAddress('ethereum', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).ok).toBe(false);
    expect((await checkAddress('bitcoin', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).ok).toBe(false);
    await expect(requireValidAddress('ethereum', '0xnope')).rejects.toThrow(
      expect.objectContaining({ code: 'invalid_address', field: 'address' }),
    );
  });
});
