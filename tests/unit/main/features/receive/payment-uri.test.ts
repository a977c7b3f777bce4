import { bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { paymentUriFor } from '../../../../../src-main/features/receive/payment-uri';
import { requireCallbackUrl } from '../../../../../src-main/features/receive/callback-url';
import { requireReceivableAddress } from '../../../../../src-main/features/receive/service-address';

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
// A segwit v0 Litecoin address with a correct checksum (20-byte program 0x01..0x14).
const LTC = bech32.encode('ltc', [0, ...bech32.toWords(Uint8Array.from({ length: 20 }, (_, index) => index + 1))]);
const EVM = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('payment URIs for deposit QR codes', () => {
  it('BIP-21 for bitcoin and litecoin, with the amount in coins as plain decimal text', () => {
    expect(paymentUriFor('BTC', BTC, '0.00012')).toEqual({ uri: `bitcoin:${BTC}?amount=0.00012`, kind: 'bip21' });
    expect(paymentUriFor('LTC', LTC, '1.50')).toEqual({ uri: `litecoin:${LTC}?amount=1.5`, kind: 'bip21' });
    expect(paymentUriFor('BTC', BTC, '0.00000001')).toEqual({ uri: `bitcoin:${BTC}?amount=0.00000001`, kind: 'bip21' });
  });

  it('EIP-681 value in wei for each chain’s own coin, with its EIP-155 chain id', () => {
    expect(paymentUriFor('ETH', EVM, '1.000000000000000001').uri).toBe(`ethereum:${EVM}@1?value=1000000000000000001`);
    expect(paymentUriFor('OPT-ETH', EVM, '0.25').uri).toBe(`ethereum:${EVM}@10?value=250000000000000000`);
    expect(paymentUriFor('BNB', EVM, '3').uri).toBe(`ethereum:${EVM}@56?value=3000000000000000000`);
    // Past any amount the service carries, not every digit would reach the wei count: the plain address.
    expect(paymentUriFor('ETH', EVM, `1${'0'.repeat(62)}.000000000000000001`)).toEqual({ uri: EVM, kind: 'address' });
    // 23 significant digits: every one of them reaches the wei count (decimal.js's default keeps 20).
    expect(paymentUriFor('ETH', EVM, '12345.123456789012345678').uri).toBe(
      `ethereum:${EVM}@1?value=12345123456789012345678`,
    );
  });

  it('EIP-681 transfer for tokens, in the token’s own units', () => {
    expect(paymentUriFor('BSC-USD', EVM, '10.5')).toEqual({
      uri: `ethereum:0x55d398326f99059fF775485246999027B3197955@56/transfer?address=${EVM}&uint256=10500000000000000000`,
      kind: 'eip681-token',
    });
    expect(paymentUriFor('OPT-USD', EVM, '0.000001').uri).toBe(
      `ethereum:0x94b008aA00579c1307B0EF2c499aD98a8ce58e58@10/transfer?address=${EVM}&uint256=1`,
    );
    expect(paymentUriFor('ETH-USDC', EVM, '7').uri).toBe(
      `ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48@1/transfer?address=${EVM}&uint256=7000000`,
    );
  });

  it('the plain address without an amount, for an amount finer than the asset, or for an unknown asset', () => {
    expect(paymentUriFor('BTC', BTC, undefined)).toEqual({ uri: BTC, kind: 'address' });
    expect(paymentUriFor('BTC', BTC, '0.000000001')).toEqual({ uri: BTC, kind: 'address' });
    expect(paymentUriFor('USDT', EVM, '0.0000001')).toEqual({ uri: EVM, kind: 'address' });
    expect(paymentUriFor('TRX', 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC', '5')).toEqual({
      uri: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC',
      kind: 'address',
    });
  });
});

describe('payment URIs beyond spec 2.3: only schemes the app knows', () => {
  const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  const SOLANA = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

  it('Solana Pay for SOL itself, in SOL as plain decimal text; the plain address when finer than 9 places', () => {
    expect(paymentUriFor('SOL', SOLANA, '1.250')).toEqual({ uri: `solana:${SOLANA}?amount=1.25`, kind: 'solana-pay' });
    expect(paymentUriFor('SOL', SOLANA, '0.0000000001')).toEqual({ uri: SOLANA, kind: 'address' });
  });

  it('EIP-681 with chain id 43114 for AVAX on the C-Chain', () => {
    expect(paymentUriFor('AVAX', EVM, '2')).toEqual({
      uri: `ethereum:${EVM}@43114?value=2000000000000000000`,
      kind: 'eip681-native',
    });
  });

  it('the plain address for TRON (no scheme wallets agree on) and for assets outside the table', () => {
    expect(paymentUriFor('TRX-USD', TRON, '10')).toEqual({ uri: TRON, kind: 'address' });
    expect(paymentUriFor('TRX', TRON, '10')).toEqual({ uri: TRON, kind: 'address' });
    expect(paymentUriFor('MATIC', EVM, '10')).toEqual({ uri: EVM, kind: 'address' });
  });

  it('addresses handed out on TRON and Solana are checked for their network', async () => {
    expect(await requireReceivableAddress('TRX-USD', TRON)).toBe(TRON);
    expect(await requireReceivableAddress('SOL', SOLANA)).toBe(SOLANA);
    await expect(requireReceivableAddress('TRX-USD', EVM)).rejects.toThrow(
      expect.objectContaining({ code: 'service_error' }),
    );
    await expect(requireReceivableAddress('SOL', TRON)).rejects.toThrow(
      expect.objectContaining({ code: 'service_error' }),
    );
  });
});

describe('callback URLs', () => {
  it('accepts absolute http and https URLs', () => {
    expect(requireCallbackUrl(' https://shop.example/deposits?x=1 ')).toBe('https://shop.example/deposits?x=1');
    expect(requireCallbackUrl('http://127.0.0.1:8080/hook')).toBe('http://127.0.0.1:8080/hook');
  });

  it.each([
    '',
    'shop.example/deposits',
    '/deposits',
    'https:shop.example',
    'ftp://shop.example/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://user:secret@shop.example/',
  ])('refuses %j with an error on the callbackUrl field', (input) => {
    expect(() => requireCallbackUrl(input)).toThrow(
      expect.objectContaining({ code: 'bad_input', field: 'callbackUrl' }),
    );
  });
});

describe('addresses the service hands out for receiving', () => {
  it('passes well-formed addresses through unchanged', async () => {
    expect(await requireReceivableAddress('BTC', BTC)).toBe(BTC);
    expect(await requireReceivableAddress('LTC', LTC)).toBe(LTC);
    expect(await requireReceivableAddress('BSC-USD', EVM)).toBe(EVM);
  });

  it.each([
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx'],
    ['BTC', LTC],
    ['LTC', BTC],
    ['ETH', '0x52908400098527886E0F7030069857D2E4169Ee7'],
    ['USDT', BTC],
  ])('refuses a %s address that fails the network’s checks: %s', async (code, address) => {
    await expect(requireReceivableAddress(code, address)).rejects.toThrow(
      expect.objectContaining({ code: 'service_error' }),
    );
  });
});
