import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { InterfaceAClient } from '../../../../../src-main/service/interface-a';
import type { TransactionsRequest } from '../../../../../src-main/service/interface-a-schemas';
import {
  FALLBACK_DECIMALS,
  precisionFrom,
  precisionWords,
  servicePrecision,
} from '../../../../../src-main/features/money/service-precision';

const amounts = (...texts: string[]) => texts.map((text) => new Decimal(text));

// docs/design.md "Networks the app does not know": the precision of such a network comes from the service's
// own amounts of that wallet, never below the fallback.
describe('the precision of a network the app does not know', () => {
  it('is the most decimal places the service’s own amounts show', () => {
    expect(precisionFrom(amounts('12.5', '0.000000000123', '3.1234567891'))).toEqual({
      decimals: 12,
      source: 'service',
    });
  });

  it('falls back to 8 places when the amounts show no more (a round balance proves nothing)', () => {
    expect(FALLBACK_DECIMALS).toBe(8);
    expect(precisionFrom(amounts('1.5', '20'))).toEqual({ decimals: 8, source: 'fallback' });
    expect(precisionFrom(amounts('0.12345678'))).toEqual({ decimals: 8, source: 'fallback' });
    expect(precisionFrom([])).toEqual({ decimals: 8, source: 'fallback' });
  });

  it('never exceeds 18 places', () => {
    expect(precisionFrom(amounts(`0.${'1'.repeat(24)}`))).toEqual({ decimals: 18, source: 'service' });
  });

  it('reads the wallet’s balance and its newest history rows of that symbol only', async () => {
    const asked: TransactionsRequest[] = [];
    const client = {
      getTransactions: async (request: TransactionsRequest) => {
        asked.push(request);
        return {
          totalRecords: 2,
          totalPages: 1,
          page: 1,
          recordsPerPage: 50,
          items: [
            { symbol: 'POL', amount: 166.12345678901 },
            { symbol: 'OTHER', amount: 0.1234567890123456 },
          ],
        };
      },
    } as unknown as InterfaceAClient;
    expect(await servicePrecision(client, 'POL', 12.5)).toEqual({ decimals: 11, source: 'service' });
    expect(asked).toEqual([expect.objectContaining({ page: 1, symbols: ['POL'] })]);
  });

  it('goes by the balance alone when the history cannot be read', async () => {
    const client = {
      getTransactions: async () => Promise.reject(new Error('429')),
    } as unknown as InterfaceAClient;
    expect(await servicePrecision(client, 'POL', 0.1234567890123)).toEqual({ decimals: 13, source: 'service' });
    expect(await servicePrecision(client, 'POL', 2)).toEqual({ decimals: 8, source: 'fallback' });
  });

  it('says why in whole sentences', () => {
    for (const source of ['service', 'fallback'] as const) {
      expect(precisionWords('POL', 'Polygon Mainnet', { decimals: 12, source })).toMatch(
        /^The app does not know Polygon Mainnet.*\.$/,
      );
    }
  });
});
