import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../../../src-main/app-error';
import { createMoneyAlarms } from '../../../../../src-main/features/alarms';
import type { DesktopNotice } from '../../../../../src-main/features/notifications';
import { createRecordingLogger } from '../../../support/recording-logger';

/** A closed move found later is announced at once, to the window and the desktop (security.md 36). */
describe('the alarm for a closed move that went through', () => {
  function setUp() {
    let user: { userGuid: string; name: string } | null = { userGuid: 'u-1', name: 'Alice' };
    const notices: DesktopNotice[] = [];
    const emit = vi.fn();
    const alarms = createMoneyAlarms({
      session: {
        activeUser: () => {
          if (!user) throw new AppError('locked', 'Wallet Desk is locked.');
          return user;
        },
      },
      notifier: {
        show: (notice) => notices.push(notice),
        setBadgeCount: () => undefined,
        withdrawAll: () => undefined,
      },
      emit,
      logger: createRecordingLogger(),
      now: () => Date.parse('2026-11-26T05:00:00Z'),
    });
    return { alarms, notices, emit, as: (next: typeof user) => (user = next) };
  }
  const found = {
    kind: 'send' as const,
    referenceId: 'ref-7',
    amount: '0.0005',
    asset: 'BTC',
    destination: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    closure: { at: '2026-11-26T04:00:00.000Z', by: { userGuid: 'u-1', name: 'Alice' }, shown: 'It may have.' },
  };

  it('tells the window and shows a desktop notice naming the reference but no amount', async () => {
    const { alarms, notices, emit } = setUp();
    // Checked before the write settles: the window and the desktop hear of it at once.
    const raised = alarms.raise(found);
    expect(emit).toHaveBeenCalledWith('alarms.changed', { count: 1 });
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain('ref-7');
    expect(notices[0]?.body).toContain('may have paid twice');
    expect(JSON.stringify(notices[0])).not.toContain('0.0005');
    await raised;
    expect(await alarms.handlers['alarms.list']()).toEqual([
      expect.objectContaining({
        kind: 'send',
        referenceId: 'ref-7',
        amount: '0.0005',
        closedBy: 'Alice',
        closedAt: found.closure.at,
        foundAt: '2026-11-26T05:00:00.000Z',
      }),
    ]);
  });

  it('is listed for the person who closed the move until they dismiss it, and to nobody while locked', async () => {
    const { alarms, as } = setUp();
    await alarms.raise(found);
    as({ userGuid: 'u-2', name: 'Bob' });
    expect(await alarms.handlers['alarms.list']()).toEqual([]);
    as(null);
    expect(() => alarms.handlers['alarms.list']()).toThrow(expect.objectContaining({ code: 'locked' }));
    as({ userGuid: 'u-1', name: 'Alice' });
    const [alarm] = await alarms.handlers['alarms.list']();
    expect(await alarms.handlers['alarms.dismiss']({ id: alarm?.id ?? '' })).toEqual([]);
  });

  it("tells the window only the signed-in person's count, never another user's", async () => {
    const { alarms, emit, as } = setUp();
    as({ userGuid: 'u-2', name: 'Bob' });
    await alarms.raise(found);
    expect(emit).toHaveBeenLastCalledWith('alarms.changed', { count: 0 });
    as(null);
    await alarms.raise({ ...found, referenceId: 'ref-8' });
    expect(emit).toHaveBeenLastCalledWith('alarms.changed', { count: 0 });
    as({ userGuid: 'u-1', name: 'Alice' });
    await alarms.raise({ ...found, referenceId: 'ref-9' });
    expect(emit).toHaveBeenLastCalledWith('alarms.changed', { count: 3 });
  });

  it('raises one alarm per move, however often a look-up finds it again', async () => {
    const { alarms, notices } = setUp();
    await alarms.raise(found);
    await alarms.raise(found);
    expect(await alarms.handlers['alarms.list']()).toHaveLength(1);
    expect(notices).toHaveLength(1);
  });
});
