import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantBalanceRow } from '../../../src-preload/contract/merchant';
import type { PortfolioView } from '../../../src-preload/contract/portfolio';
import { valueMerchantBalances } from '../../../src-renderer/src/screens/merchant/balance-values';
import type { ServiceProfile } from '../../../sandbox/profile';
import {
  setUpTreasury,
  startMerchantMachine,
  type MerchantLaunch,
  type MerchantMachine,
} from '../support/merchant-app';

// The merchant API answers balances without prices (spec 2.3 "Merchant balances"); the Merchant screen values
// them at the prices of the company account's own wallets (spec 2.2 WalletInfo), joined by network symbol.
// Against the sandbox playing the wider service, TRX and USDT on TRON are such wallets, so their merchant
// balances must come out priced, exactly as the renderer's panel computes them from the two bridge answers.
describe.each<ServiceProfile>(['kind', 'strict'])('merchant TRON balances carry a price, %s profile', (profile) => {
  let machine: MerchantMachine;
  let app: MerchantLaunch;

  beforeAll(async () => {
    machine = await startMerchantMachine({ profile, widerService: true });
    app = await machine.launch();
    await app.signIn('alice');
    const company = machine.userOf('alice').accounts.find((account) => account.name === 'Northwind Payments');
    if (!company) throw new Error('alice has no Northwind Payments account');
    await app.value('session.switchAccount', { accountGuid: company.guid });
    await setUpTreasury(machine, app, []);
  });
  afterAll(async () => {
    await machine?.close();
  });

  it('values TRX and USDT on TRON at the company wallets prices, and the total leaves nothing out', async () => {
    const balances = await app.value<MerchantBalanceRow[]>('merchant.balances');
    const portfolio = await app.value<PortfolioView>('portfolio.wallets');
    const valued = valueMerchantBalances(balances, portfolio.wallets);

    for (const code of ['TRX', 'TRX-USD']) {
      const entry = valued.rows.find((row) => row.row.code === code);
      const wallet = portfolio.wallets.find((candidate) => candidate.code === code);
      expect(entry?.row, code).toMatchObject({ network: 'TRON' });
      // A zero balance would be valued at zero with or without a price: the proof needs a real amount.
      expect(
        new Decimal(entry?.row.amount ?? '0').isPositive() && !new Decimal(entry?.row.amount ?? '0').isZero(),
        code,
      ).toBe(true);
      expect(wallet, code).toBeDefined();
      expect(new Decimal(wallet?.priceUsd ?? '0').greaterThan(0), code).toBe(true);
      expect(entry?.priceUsd, code).toBe(wallet?.priceUsd);
      expect(entry?.valueUsd, code).toBe(
        new Decimal(entry?.row.amount ?? '0').times(wallet?.priceUsd ?? '0').toFixed(),
      );
    }
    expect(valued.unpriced).toEqual([]);
  });
});
