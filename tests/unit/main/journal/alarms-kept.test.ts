import { describe, expect, it } from 'vitest';
import { createMoneyAlarms } from '../../../../src-main/features/alarms';
import { createRecordingLogger } from '../../support/recording-logger';
import { freshDir, open } from './journal-support';

/**
 * The alarm for a closed move found later outlives the app until it is dismissed: the ledger forgets the
 * move once found, so the money journal keeps the alarm (security.md 36).
 */
describe('alarms in the money journal', () => {
  let user = { userGuid: 'u-1', name: 'Alice' };
  async function alarmsIn(dir: string) {
    const journal = await open(dir);
    return createMoneyAlarms({
      session: { activeUser: () => user },
      notifier: { show: () => undefined, setBadgeCount: () => undefined, withdrawAll: () => undefined },
      emit: () => undefined,
      logger: createRecordingLogger(),
      journal: journal.alarms(),
      holdsMerchantKey: (userGuid, key) =>
        userGuid === 'u-2' && key.environment === 'local-sandbox' && key.publicKey === 'pk-merchant',
    });
  }
  const closure = { at: '2026-11-26T04:00:00.000Z', by: { userGuid: 'u-1', name: 'Alice' }, shown: 'It may have.' };

  it('comes back after a restart until dismissed, and a dismissal comes back too', async () => {
    const dir = await freshDir();
    const first = await alarmsIn(dir);
    await first.raise({
      kind: 'send',
      referenceId: 'ref-7',
      amount: '0.0005',
      asset: 'BTC',
      destination: 'bc1q',
      closure,
    });

    const second = await alarmsIn(dir);
    const [kept] = await second.handlers['alarms.list']();
    expect(kept).toMatchObject({ kind: 'send', referenceId: 'ref-7', closedBy: 'Alice', closedAt: closure.at });
    expect(await second.handlers['alarms.dismiss']({ id: kept?.id ?? '' })).toEqual([]);

    const third = await alarmsIn(dir);
    expect(await third.handlers['alarms.list']()).toEqual([]);
  });

  it("a withdrawal's alarm is seen by whoever holds the merchant keys it was made with", async () => {
    const dir = await freshDir();
    const alarms = await alarmsIn(dir);
    await alarms.raise({
      kind: 'withdraw',
      referenceId: 'mtx-1',
      amount: '0.1',
      asset: 'BTC',
      destination: 'bc1q',
      closure,
      merchantKey: { environment: 'local-sandbox', publicKey: 'pk-merchant' },
    });
    await alarms.raise({
      kind: 'send',
      referenceId: 'ref-8',
      amount: '0.2',
      asset: 'BTC',
      destination: 'bc1q',
      closure,
    });
    user = { userGuid: 'u-2', name: 'Bob' };
    expect(await alarms.handlers['alarms.list']()).toEqual([expect.objectContaining({ referenceId: 'mtx-1' })]);
    user = { userGuid: 'u-3', name: 'Carol' };
    expect(await alarms.handlers['alarms.list']()).toEqual([]);
    user = { userGuid: 'u-1', name: 'Alice' };
  });
});
