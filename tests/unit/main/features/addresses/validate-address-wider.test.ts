import { describe, expect, it } from 'vitest';
import { checkAddress, checkAddressForNetworkId } from '../../../../../src-main/features/addresses/validate-address';

// Real addresses: Tether's and Circle's TRC-20 contracts, Solana's system and token programs, and wrapped AVAX
// on the C-Chain. Wrong-checksum vectors change one character of a real one.
const USDT_TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDC_TRC20 = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const WAVAX = '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7';

describe('TRON addresses: base58check of 0x41 and 20 bytes (security 26)', () => {
  it('accepts real T-addresses, by network and by NetworkId 6', async () => {
    expect(await checkAddress('tron', USDT_TRC20)).toEqual({ ok: true, address: USDT_TRC20 });
    expect(await checkAddress('tron', USDC_TRC20)).toEqual({ ok: true, address: USDC_TRC20 });
    expect(await checkAddressForNetworkId(6, ` ${USDT_TRC20} `)).toEqual({ ok: true, address: USDT_TRC20 });
  });

  it('refuses a wrong checksum', async () => {
    for (const typo of ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj7t']) {
      expect(await checkAddress('tron', typo)).toEqual({
        ok: false,
        reason: 'This TRON address has a typo: its checksum does not match.',
      });
    }
  });

  it('refuses addresses of other networks and the hexadecimal form', async () => {
    // A valid Bitcoin base58check address: right checksum, wrong version byte.
    expect(await checkAddress('tron', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toEqual({
      ok: false,
      reason: 'This address belongs to another network, not TRON.',
    });
    expect((await checkAddress('tron', WAVAX)).ok).toBe(false);
    expect((await checkAddress('tron', TOKEN_PROGRAM)).ok).toBe(false);
    expect((await checkAddress('tron', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).ok).toBe(false);
    expect((await checkAddress('tron', '41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).ok).toBe(false);
    // And the other way round: a T-address is no address of the other networks.
    expect((await checkAddress('bitcoin', USDT_TRC20)).ok).toBe(false);
    expect((await checkAddress('ethereum', USDT_TRC20)).ok).toBe(false);
  });
});

describe('Solana addresses: base58 of 32 bytes (security 26)', () => {
  it('accepts the system program (32 zero bytes) and the token program', async () => {
    expect(await checkAddress('solana', SYSTEM_PROGRAM)).toEqual({ ok: true, address: SYSTEM_PROGRAM });
    expect(await checkAddress('solana', TOKEN_PROGRAM)).toEqual({ ok: true, address: TOKEN_PROGRAM });
  });

  it('refuses a changed length and characters outside base58 (Solana addresses carry no checksum)', async () => {
    expect(await checkAddress('solana', `${TOKEN_PROGRAM}A`)).toEqual({
      ok: false,
      reason: 'This is not a Solana address: it does not hold the 32 bytes of one.',
    });
    expect((await checkAddress('solana', TOKEN_PROGRAM.slice(0, -1))).ok).toBe(false);
    // 0, O, I and l are not base58.
    expect((await checkAddress('solana', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D0')).ok).toBe(false);
  });

  it('refuses addresses of other networks', async () => {
    expect((await checkAddress('solana', USDT_TRC20)).ok).toBe(false);
    expect((await checkAddress('solana', WAVAX)).ok).toBe(false);
    expect((await checkAddress('solana', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).ok).toBe(false);
    expect((await checkAddress('ethereum', TOKEN_PROGRAM)).ok).toBe(false);
  });
});

describe('Avalanche C-Chain addresses: EVM with EIP-55 (security 26)', () => {
  it('accepts a checksummed and an all-lower-case address', async () => {
    expect(await checkAddress('avalanche', WAVAX)).toEqual({ ok: true, address: WAVAX });
    expect((await checkAddress('avalanche', WAVAX.toLowerCase())).ok).toBe(true);
  });

  it('refuses a wrong checksum and other networks', async () => {
    expect(await checkAddress('avalanche', '0xB31f66AA3C1e785363F0875A1B74E27b85FD66C7')).toEqual({
      ok: false,
      reason: 'This Avalanche C-Chain address has a typo: its checksum (upper/lower case letters) does not match.',
    });
    expect((await checkAddress('avalanche', USDT_TRC20)).ok).toBe(false);
    expect((await checkAddress('avalanche', TOKEN_PROGRAM)).ok).toBe(false);
  });

  it('has no Interface B NetworkId, so no check by id names it', async () => {
    expect(await checkAddressForNetworkId(7, WAVAX)).toEqual({ ok: false, reason: 'Unknown network.' });
  });
});
