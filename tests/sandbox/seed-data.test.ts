import { bech32 } from '@scure/base';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { isValidAddress, toEip55 } from '../../sandbox/data/addresses';
import { ASSETS } from '../../sandbox/data/assets';
import { minorToDecimal } from '../../sandbox/data/history';
import { SandboxState } from '../../sandbox/data/state';

function snapshot(seed: number) {
  const state = new SandboxState(seed);
  const accounts = [...state.world.accounts.values()];
  return {
    users: state.world.users,
    wallets: accounts.map((a) => [...a.wallets.values()].map((w) => [w.asset.symbol, w.address, w.amount.toFixed()])),
    prices: [...state.world.prices].map(([s, p]) => [s, p.toFixed()]),
    history: accounts[0]?.history.slice(0, 50),
    historySize: accounts.map((a) => a.history.size),
  };
}

describe('seeded data', () => {
  it('is identical for the same seed and different for another', () => {
    const a = snapshot(1);
    expect(snapshot(1)).toEqual(a);
    const b = snapshot(2);
    expect(b.users.map((u) => u.password)).not.toEqual(a.users.map((u) => u.password));
    expect(b.wallets).not.toEqual(a.wallets);
    expect(b.history).not.toEqual(a.history);
    expect(a.historySize[0]).toBe(20_000);
  });

  it('has alice with a MerchantAdministrator and an Agent account, bob as Viewer, a third user', () => {
    const { users } = snapshot(7);
    const roles = (name: string) => users.find((u) => u.username === name)?.memberships.map((m) => m.role);
    expect(roles('alice')).toEqual(expect.arrayContaining(['MerchantAdministrator', 'Agent']));
    expect(roles('bob')).toEqual(['Viewer']);
    expect(users).toHaveLength(3);
    for (const u of users) expect(u.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('hands out valid checksummed addresses for every wallet', () => {
    const state = new SandboxState(3);
    for (const account of state.world.accounts.values()) {
      for (const wallet of account.wallets.values()) {
        expect(
          isValidAddress(wallet.asset.addressKind, wallet.address),
          `${wallet.asset.symbol} ${wallet.address}`,
        ).toBe(true);
        if (wallet.asset.addressKind === 'btc')
          expect(bech32.decode(wallet.address as `${string}1${string}`).prefix).toBe('bc');
        if (wallet.asset.addressKind === 'ltc')
          expect(bech32.decode(wallet.address as `${string}1${string}`).prefix).toBe('ltc');
        if (wallet.asset.addressKind === 'evm') expect(toEip55(wallet.address)).toBe(wallet.address);
      }
    }
  });

  it('checks addresses against published vectors (EIP-55, BIP-173)', () => {
    expect(toEip55('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(toEip55('0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359')).toBe('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359');
    expect(isValidAddress('evm', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isValidAddress('evm', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isValidAddress('btc', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(true);
    expect(isValidAddress('btc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(isValidAddress('ltc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false);
  });

  it('covers every asset and network of spec 2.3', () => {
    expect(ASSETS.map((a) => a.symbol)).toEqual([
      'BTC',
      'LTC',
      'ETH',
      'OPT-ETH',
      'USDT',
      'BSC-USD',
      'OPT-USD',
      'ETH-USDC',
      'BSC-USDC',
      'BNB',
    ]);
    expect(new Set(ASSETS.map((a) => a.networkId))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('writes minor units as exact decimals', () => {
    expect(minorToDecimal(12345, 4)).toBe('1.2345');
    expect(minorToDecimal(1, 8)).toBe('0.00000001');
    expect(minorToDecimal(150000000, 8)).toBe('1.5');
    expect(minorToDecimal(7, 0)).toBe('7');
  });

  it('keeps history amounts as exact decimal strings within the asset precision', () => {
    const state = new SandboxState(5);
    const history = [...state.world.accounts.values()][0]?.history;
    const rows = history?.slice(0, history.size) ?? [];
    for (const row of rows) {
      const asset = ASSETS.find((a) => a.symbol === row.symbol);
      expect(row.amount).toMatch(/^\d+(\.\d+)?$/);
      expect((row.amount.split('.')[1] ?? '').length).toBeLessThanOrEqual(asset?.decimals ?? 0);
      // Serialised as a JSON number, the amount must read back as the same decimal.
      expect(new Decimal(String(Number(row.amount))).toFixed()).toBe(row.amount);
    }
  });
});
