import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { resolveListing } from '../../sandbox/interface-b/assets';
import { toExactJson, ZError } from '../../sandbox/interface-b/envelope';
import {
  depositCreateHash,
  hashMatches,
  verifyConfirmHash,
  verifyStartHash,
  withdrawHash,
} from '../../sandbox/interface-b/hashes';
import { seedMerchants } from '../../sandbox/interface-b/merchants';
import { BTC_ADDRESS, ETH_ADDRESS } from './interface-b-harness';

// Expected digests computed outside the code with `printf '%s' '<concatenation>' | md5sum`.
describe('Interface B hash vectors', () => {
  const secret = 'sk_test_secret';

  it('withdraw: Symbol + Amount + Address + MerchantTransactionId + secret', () => {
    expect(
      withdrawHash({ Symbol: 'BTC', Amount: 0.0015, Address: BTC_ADDRESS, MerchantTransactionId: 'mtx-0001' }, secret),
    ).toBe('35c42969b30de341bd9fe63c22fa7ff1');
  });

  it('writes Amount as String(number), exponent form included', () => {
    // String(0.0000001) is "1e-7": the SDK hashes that text, so the sandbox must too.
    expect(
      withdrawHash(
        { Symbol: 'ETH', Amount: 0.0000001, Address: ETH_ADDRESS, MerchantTransactionId: 'mtx-0002' },
        secret,
      ),
    ).toBe('d4f3f4ca12bce3f407422b585550cba6');
  });

  it('deposit create: PublicKey + Symbol + Label + ReferenceId + CallbackUrl + secret', () => {
    expect(
      depositCreateHash(
        {
          PublicKey: 'pk_test',
          Symbol: 'USDT',
          Label: 'Invoice 42',
          ReferenceId: 'ref-42',
          CallbackUrl: 'https://shop.example/cb',
        },
        secret,
      ),
    ).toBe('b0ae49432c3d6f028d41e9b8ba97c8fb');
  });

  it('verify start: Symbol + NetworkId + Address + ReferenceId + secret', () => {
    expect(
      verifyStartHash({ Symbol: 'ETH', NetworkId: 3, Address: ETH_ADDRESS, ReferenceId: 'member-1' }, secret),
    ).toBe('967c1daec4c6d2f03bea817888913ab5');
  });

  it('verify confirm: Symbol + NetworkId + Amount + ReferenceId + secret', () => {
    expect(
      verifyConfirmHash({ Symbol: 'ETH', NetworkId: 3, Amount: 0.00001234, ReferenceId: 'member-1' }, secret),
    ).toBe('0adcf49cc8549db0a8d35f66c09d690e');
  });

  it('compares hex without regard to letter case, and refuses other digests', () => {
    expect(hashMatches('0adcf49cc8549db0a8d35f66c09d690e', '0ADCF49CC8549DB0A8D35F66C09D690E')).toBe(true);
    expect(hashMatches('0adcf49cc8549db0a8d35f66c09d690e', '0adcf49cc8549db0a8d35f66c09d690f')).toBe(false);
    expect(hashMatches('0adcf49cc8549db0a8d35f66c09d690e', '')).toBe(false);
  });
});

describe('Interface B symbols and networks', () => {
  it('resolves asset symbols and network-specific symbols per spec 2.3', () => {
    expect(resolveListing('USDT', 4).symbol).toBe('BSC-USD');
    expect(resolveListing('BSC-USD', 4).balanceField).toBe('bscusdBalance');
    expect(resolveListing('ETH', 5).symbol).toBe('OPT-ETH');
    expect(resolveListing('USDC').symbol).toBe('ETH-USDC');
    expect(resolveListing('btc', 1).networkId).toBe(1);
  });

  it('unknown symbol is Z300, a symbol off its network or an unknown network is Z600', () => {
    const codeOf = (fn: () => unknown) => {
      try {
        fn();
        return 'none';
      } catch (error) {
        return error instanceof ZError ? error.zcode : 'other';
      }
    };
    expect(codeOf(() => resolveListing('DOGE', 1))).toBe('Z300');
    expect(codeOf(() => resolveListing('TRX'))).toBe('Z300');
    expect(codeOf(() => resolveListing('USDC', 1))).toBe('Z600');
    expect(codeOf(() => resolveListing('BSC-USD', 3))).toBe('Z600');
    expect(codeOf(() => resolveListing('BTC', 9))).toBe('Z600');
  });
});

describe('Interface B seed and JSON', () => {
  it('seeds at least two merchants deterministically, different per seed', () => {
    const a = seedMerchants(1);
    expect(a.length).toBeGreaterThanOrEqual(2);
    expect(seedMerchants(1)).toEqual(a);
    expect(seedMerchants(2)[0]?.secretKey).not.toBe(a[0]?.secretKey);
    expect(new Set(a.map((m) => m.publicKey)).size).toBe(a.length);
    expect(a[0]?.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(Object.keys(a[0]?.balances ?? {})).toHaveLength(12);
  });

  it('writes decimals as exact JSON numbers', () => {
    const text = toExactJson({ a: new Decimal('0.1').plus('0.2'), b: new Decimal('1e-8'), c: 'x' });
    expect(text).toBe('{"a":0.3,"b":0.00000001,"c":"x"}');
  });
});
