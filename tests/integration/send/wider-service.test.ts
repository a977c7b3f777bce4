import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryItem } from '../../../src-preload/contract/history';
import type { PortfolioView } from '../../../src-preload/contract/portfolio';
import type { SendAsset, SendOutcome, SendPrecheck, SendReview } from '../../../src-preload/contract/send';
import { startMoneyApp, type MoneyApp } from '../support/money-app';
import { profiles } from '../support/money-faults';

// Tether's TRC-20 contract: a real T-address. The typo changes its last character.
const TRON_DESTINATION = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TRON_TYPO = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u';
const POLYGON_DESTINATION = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

// The service's lists are the truth about assets: against a sandbox playing the wider service (TRON, Solana,
// Avalanche and a Polygon wallet the app knows nothing of), in both profiles.
describe.each(profiles)('sending beyond spec 2.3, %s service', (profile) => {
  let app: MoneyApp;

  const acknowledged = async () =>
    (await app.value<{ review: SendReview }[]>('send.unresolved')).map((entry) => entry.review.intentId);
  const sent = (code: string) => app.sandbox.movements().filter((movement) => movement.symbol === code);

  beforeAll(async () => {
    app = await startMoneyApp({ serviceProfile: profile, widerService: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('offers every wallet the service lists, saying which networks the app checks addresses of', async () => {
    const assets = await app.value<SendAsset[]>('send.assets');
    const byCode = new Map(assets.map((asset) => [asset.code, asset]));
    for (const code of ['TRX', 'TRX-USD', 'SOL', 'AVAX'])
      expect(byCode.get(code), code).toMatchObject({ addressCheck: true });
    expect(byCode.get('TRX-USD')).toMatchObject({ asset: 'USDT', network: 'Tron Mainnet' });
    expect(byCode.get('POL')).toMatchObject({ addressCheck: false, network: 'Polygon Mainnet' });
  });

  it('sends USDT on TRON once, after checking the T-address; a typo never reaches the service', async () => {
    const before = app.count('POST', '/send/precheck');
    expect(await app.failure('send.precheck', { code: 'TRX-USD', address: TRON_TYPO, amount: '5' })).toMatchObject({
      code: 'invalid_address',
      field: 'address',
    });
    expect(app.count('POST', '/send/precheck')).toBe(before);
    const precheck = await app.value<SendPrecheck>('send.precheck', {
      code: 'TRX-USD',
      address: TRON_DESTINATION,
      amount: '5.25',
    });
    expect(precheck).toMatchObject({ network: 'Tron Mainnet', addressChecked: true, amount: '5.25' });
    const review = await app.value<SendReview>('send.confirm', {
      precheckId: precheck.precheckId,
      feeRate: 1,
      acknowledgedIntentIds: await acknowledged(),
    });
    expect(review).toMatchObject({ addressChecked: true, feeSymbol: 'TRX' });
    const outcome = await app.value<SendOutcome>('send.execute', {
      intentId: review.intentId,
      tfaCode: await app.nextCode(),
    });
    expect(outcome.referenceId).toBe(review.referenceId);
    expect(sent('TRX-USD')).toEqual([
      expect.objectContaining({ kind: 'send', amount: '5.25', address: TRON_DESTINATION }),
    ]);
  });

  it('a network the app does not know: no local check, and no confirmation without the explicit tick', async () => {
    const precheck = await app.value<SendPrecheck>('send.precheck', {
      code: 'POL',
      address: ` ${POLYGON_DESTINATION} `,
      amount: '3',
    });
    expect(precheck).toMatchObject({ network: 'Polygon Mainnet', addressChecked: false, address: POLYGON_DESTINATION });
    const refused = await app.failure('send.confirm', {
      precheckId: precheck.precheckId,
      feeRate: 1,
      acknowledgedIntentIds: await acknowledged(),
    });
    expect(refused).toMatchObject({ code: 'bad_input', field: 'uncheckedAddressConfirmed' });
    expect(refused.message).toBe(
      'The app cannot check addresses on Polygon Mainnet, so a typo would not be caught. Compare the address with where it came from, then tick that you have checked it yourself.',
    );
    expect(await app.value<unknown[]>('send.unresolved')).toEqual([]);
    const review = await app.value<SendReview>('send.confirm', {
      precheckId: precheck.precheckId,
      feeRate: 1,
      uncheckedAddressConfirmed: true,
      acknowledgedIntentIds: await acknowledged(),
    });
    expect(review).toMatchObject({ addressChecked: false, network: 'Polygon Mainnet' });
    await app.value<SendOutcome>('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(sent('POL')).toEqual([expect.objectContaining({ kind: 'send', amount: '3' })]);
    // A blank inside is refused even where the format is unknown (the bridge refuses invisible characters).
    expect(
      await app.failure('send.precheck', {
        code: 'POL',
        address: `0x5aAeb6053F3E94C9b9 A09f33669435E7Ef1BeAed`,
        amount: '1',
      }),
    ).toMatchObject({ code: 'invalid_address', field: 'address' });
  });

  it('a network the app does not know takes the precision of the service’s own amounts, beyond 8 places', async () => {
    const pol = (await app.value<SendAsset[]>('send.assets')).find((asset) => asset.code === 'POL');
    // What the service itself wrote for the POL wallet: its balance and its history rows.
    const wallet = (await app.value<PortfolioView>('portfolio.wallets')).wallets.find((entry) => entry.code === 'POL');
    const rows = await app.value<{ items: HistoryItem[] }>('history.page', {
      page: 1,
      recordsPerPage: 50,
      symbols: ['POL'],
    });
    const seen = Math.max(
      ...[wallet?.amount ?? '0', ...rows.items.map((item) => item.amount)].map((amount) =>
        new Decimal(amount).decimalPlaces(),
      ),
    );
    expect(seen).toBeGreaterThan(8);
    expect(pol).toMatchObject({ decimals: seen, decimalsFrom: 'service' });

    // One place more than the service's amounts show is refused before anything is asked of the service.
    const before = app.count('POST', '/send/precheck');
    const tooFine = await app.failure('send.precheck', {
      code: 'POL',
      address: POLYGON_DESTINATION,
      amount: `0.${'0'.repeat(seen)}1`,
    });
    expect(tooFine).toMatchObject({ code: 'bad_input', field: 'amount' });
    expect(tooFine.message).toBe(
      `POL amounts have at most ${seen} decimal places. The app does not know Polygon Mainnet, so this is the most decimal places the service's own POL amounts show.`,
    );
    expect(app.count('POST', '/send/precheck')).toBe(before);

    // Ten places, beyond the old cap of 8: checked, reviewed and sent exactly as entered.
    const amount = '0.0000000123';
    const precheck = await app.value<SendPrecheck>('send.precheck', {
      code: 'POL',
      address: POLYGON_DESTINATION,
      amount,
    });
    expect(precheck.amount).toBe(amount);
    const review = await app.value<SendReview>('send.confirm', {
      precheckId: precheck.precheckId,
      feeRate: 1,
      uncheckedAddressConfirmed: true,
      acknowledgedIntentIds: await acknowledged(),
    });
    expect(review.amount).toBe(amount);
    await app.value<SendOutcome>('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(sent('POL').at(-1)).toMatchObject({ kind: 'send', amount, address: POLYGON_DESTINATION });
  });

  it('Max on a network the app does not know leaves nothing behind below the service’s precision', async () => {
    const precheck = await app.value<SendPrecheck>('send.precheck', {
      code: 'POL',
      address: POLYGON_DESTINATION,
      amount: 'max',
      maxFeeRate: 1,
    });
    const fee = new Decimal(precheck.feeOptions.find((option) => option.feeRate === 1)?.fee ?? '0');
    const left = new Decimal(precheck.availableBalance).minus(fee).minus(precheck.amount);
    // The balance minus the fee, to the last place a JSON number can carry beside the whole part: more than
    // the old cap of 8 places, so what is left behind is finer than 1e-8.
    expect(new Decimal(precheck.amount).decimalPlaces()).toBeGreaterThan(8);
    expect(left.greaterThanOrEqualTo(0)).toBe(true);
    expect(left.lessThan('1e-8')).toBe(true);
  });

  it('refuses a symbol the service does not list before any precheck', async () => {
    const before = app.count('POST', '/send/precheck');
    expect(
      await app.failure('send.precheck', { code: 'DOGE', address: 'D8vFz4p1L37jdg47HXKtSHA5uYLYxbGgPD', amount: '1' }),
    ).toMatchObject({
      code: 'invalid_symbol',
      field: 'code',
    });
    expect(app.count('POST', '/send/precheck')).toBe(before);
  });
});
