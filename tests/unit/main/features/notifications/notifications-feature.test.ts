import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionView } from '../../../../../src-preload/contract/session';
import { createAppCore } from '../../../../../src-main/app-core';
import { AppError } from '../../../../../src-main/app-error';
import { createEmitter, type EmitEvent } from '../../../../../src-main/dispatch';
import { createNotificationsFeature, type DesktopNotice } from '../../../../../src-main/features/notifications';
import type { SessionService } from '../../../../../src-main/features/session';
import type { TransactionItem, TransactionsResult } from '../../../../../src-main/service/interface-a-schemas';
import { createMemoryStore } from '../../../../../src-main/keychain/memory-store';
import { openSettingsStore } from '../../../../../src-main/settings/settings-store';
import { createRecordingLogger } from '../../../support/recording-logger';
import { transactionItem } from '../../../support/transaction-items';

const TRADING = { guid: 'account-trading', name: 'Trading Ltd' };
const PERSONAL = { guid: 'account-personal', name: 'Personal' };
const WATCH_STARTS = Date.parse('2026-11-24T00:30:00Z');

function deposit(txId: string | null, amount: number, date = '2026-11-24T01:00:00Z'): TransactionItem {
  return transactionItem({ txId, amount, date, value: amount, referenceId: '' });
}

/**
 * Just enough of the session: two accounts with a history each, the active one, its status, and every
 * history request (with the account it named). A request can be held to stand for one still in flight.
 */
function fakeSession() {
  const listeners = new Set<(view: SessionView) => void>();
  const state = {
    status: 'signed-in' as SessionView['status'],
    active: TRADING.guid,
    histories: { [TRADING.guid]: [] as TransactionItem[], [PERSONAL.guid]: [] as TransactionItem[] },
    requests: [] as string[],
    hold: null as Promise<void> | null,
    /** Answers the service gives instead of the history, one per request, first first (a flaky service). */
    instead: [] as Array<Partial<TransactionsResult> | Error>,
  };
  const view = (): SessionView => ({
    status: state.status,
    user: state.status === 'signed-in' ? { name: 'Alice', email: 'a@example.com' } : null,
    accounts:
      state.status === 'signed-in'
        ? [TRADING, PERSONAL].map((account) => ({
            ...account,
            role: 'MerchantAdministrator',
            isPersonalAccount: account === PERSONAL,
            canMoveMoney: true,
          }))
        : [],
    activeAccountGuid: state.status === 'signed-in' ? state.active : null,
    keychain: 'available',
  });
  const session = {
    view,
    interfaceAFor: (accountGuid: string) => {
      if (state.status !== 'signed-in') throw new AppError('not_signed_in', 'Sign in.');
      return {
        getTransactions: async (): Promise<TransactionsResult> => {
          state.requests.push(accountGuid);
          // What the service has when the request is answered, not when it was sent.
          if (state.hold) await state.hold;
          const items = [...(state.histories[accountGuid] ?? [])];
          const answer = { totalRecords: items.length, totalPages: 1, page: 1, recordsPerPage: 50, items };
          const instead = state.instead.shift();
          if (instead instanceof Error) throw instead;
          return { ...answer, ...instead };
        },
      };
    },
    onChange: (listener: (view: SessionView) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as SessionService;
  const change = (next: Partial<Pick<typeof state, 'status' | 'active'>>): void => {
    Object.assign(state, next);
    for (const listener of listeners) listener(view());
  };
  const arrives = (accountGuid: string, item: TransactionItem): void => {
    state.histories[accountGuid] = [item, ...(state.histories[accountGuid] ?? [])];
  };
  return { session, state, change, arrives };
}

async function setUp(options: { locale?: () => string } = {}) {
  const settings = await openSettingsStore(await mkdtemp(join(tmpdir(), 'wallet-desk-notify-feature-')));
  const fake = fakeSession();
  const shown: DesktopNotice[] = [];
  const badge = { count: 0 };
  const withdrawn = { times: 0 };
  const emitted: number[] = [];
  const emit = ((event: string, payload: { unseen: number }) => {
    if (event === 'notifications.changed') emitted.push(payload.unseen);
  }) as EmitEvent;
  const feature = createNotificationsFeature({
    session: fake.session,
    settings,
    notifier: {
      show: (notice) => shown.push(notice),
      setBadgeCount: (count) => {
        badge.count = count;
      },
      withdrawAll: () => {
        withdrawn.times += 1;
      },
    },
    logger: createRecordingLogger(),
    emit,
    // Before the deposits the stories make (dated 01:00 unless said otherwise).
    now: () => WATCH_STARTS,
    ...(options.locale === undefined ? {} : { locale: options.locale }),
  });
  const { handlers } = feature;
  const watch = () => handlers['notifications.watch'](undefined);
  const setDeposits = (accountGuid: string, enabled: boolean) =>
    handlers['notifications.setDeposits']({ accountGuid, enabled });
  return { ...fake, settings, feature, shown, badge, withdrawn, emitted, watch, setDeposits };
}

describe('notices already shown, for the next person at the desk', () => {
  it('are withdrawn when the app locks or signs out', async () => {
    const app = await setUp();
    await app.setDeposits(TRADING.guid, true);
    app.arrives(TRADING.guid, deposit('new', 5));
    await app.watch();
    expect(app.shown).toHaveLength(1);
    app.change({ status: 'locked' });
    expect(app.withdrawn.times).toBe(1);
    app.change({ status: 'signed-in' });
    app.change({ status: 'signed-out' });
    expect(app.withdrawn.times).toBe(2);
  });

  it('are withdrawn when privacy mode goes on (they may name amounts), not when it goes off', async () => {
    const app = await setUp();
    app.feature.privacyModeChanged(false);
    expect(app.withdrawn.times).toBe(0);
    app.feature.privacyModeChanged(true);
    expect(app.withdrawn.times).toBe(1);
  });
});

describe('notifications.watch: the app-wide look for new deposits', () => {
  it('asks the service nothing while no account has its notifications on', async () => {
    const app = await setUp();
    app.arrives(TRADING.guid, deposit('a', 1));
    expect(await app.watch()).toEqual({ unseen: 0 });
    app.feature.afterBalances(TRADING.guid);
    await Promise.resolve();
    expect(app.state.requests).toEqual([]);
    expect(app.shown).toEqual([]);
  });

  it('announces a deposit that arrives after the switch went on, once, with the badge', async () => {
    const app = await setUp();
    app.arrives(TRADING.guid, deposit('old', 1));
    await app.setDeposits(TRADING.guid, true);
    expect(app.state.requests).toEqual([TRADING.guid]);
    expect(app.shown).toEqual([]);

    app.arrives(TRADING.guid, deposit('new', 0.5));
    expect(await app.watch()).toEqual({ unseen: 1 });
    expect(await app.watch()).toEqual({ unseen: 1 });
    expect(app.shown).toEqual([{ title: 'Deposit received', body: '0.5 BTC arrived in Trading Ltd.' }]);
    expect(app.badge.count).toBe(1);
    expect(app.emitted).toEqual([1]);
  });

  it('Home’s poll and the watch seeing the same deposit at once: one request, one notice', async () => {
    const app = await setUp();
    await app.setDeposits(TRADING.guid, true);
    app.arrives(TRADING.guid, deposit('new', 2));
    let release = (): void => undefined;
    app.state.hold = new Promise((resolve) => {
      release = resolve;
    });
    app.state.requests.length = 0;
    app.feature.afterBalances(TRADING.guid);
    const watched = app.watch();
    release();
    await watched;
    expect(app.state.requests).toEqual([TRADING.guid]);
    app.state.hold = null;
    // One after the other: the second look sees the deposit again and stays silent.
    app.feature.afterBalances(TRADING.guid);
    await app.watch();
    expect(app.shown).toHaveLength(1);
    expect(app.badge.count).toBe(1);
  });

  it('a deposit first listed without a transaction id and later with one is announced once', async () => {
    const app = await setUp();
    await app.setDeposits(TRADING.guid, true);
    app.arrives(TRADING.guid, deposit(null, 3));
    await app.watch();
    app.state.histories[TRADING.guid] = [deposit('tx-now-known', 3)];
    await app.watch();
    expect(app.shown).toEqual([{ title: 'Deposit received', body: '3 BTC arrived in Trading Ltd.' }]);
  });

  it('writes the amount in the locale it is given (the window’s), as the app writes amounts', async () => {
    const app = await setUp({ locale: () => 'de-DE' });
    await app.setDeposits(TRADING.guid, true);
    app.arrives(TRADING.guid, deposit('new', 1234.25));
    await app.watch();
    expect(app.shown).toEqual([{ title: 'Deposit received', body: '1.234,25 BTC arrived in Trading Ltd.' }]);
  });

  it('watches each account by its own switch, whichever is active, and names the account it arrived in', async () => {
    const app = await setUp();
    await app.setDeposits(TRADING.guid, true);
    app.change({ active: PERSONAL.guid });
    app.arrives(PERSONAL.guid, deposit('personal-1', 7));
    app.arrives(TRADING.guid, deposit('trading-1', 0.25));
    await app.watch();
    // The personal account's switch is off: its deposit is neither asked for nor announced.
    expect(app.state.requests.filter((guid) => guid === PERSONAL.guid)).toEqual([]);
    expect(app.shown).toEqual([{ title: 'Deposit received', body: '0.25 BTC arrived in Trading Ltd.' }]);
  });

  it('switched off and on again, what arrived meanwhile is not announced', async () => {
    const app = await setUp();
    await app.setDeposits(TRADING.guid, true);
    await app.setDeposits(TRADING.guid, false);
    app.arrives(TRADING.guid, deposit('while-off', 1));
    await app.watch();
    expect(app.state.requests).toEqual([TRADING.guid]);
    await app.setDeposits(TRADING.guid, true);
    await app.watch();
    expect(app.shown).toEqual([]);
  });

  it('a look that was in flight when the session locked records nothing, and the badge goes', async () => {
    const app = await setUp();
    await app.setDeposits(TRADING.guid, true);
    app.arrives(TRADING.guid, deposit('before-lock', 1));
    await app.watch();
    expect(app.badge.count).toBe(1);
    let release = (): void => undefined;
    app.state.hold = new Promise((resolve) => {
      release = resolve;
    });
    const sent = app.state.requests.length;
    const inFlight = app.watch();
    await expect.poll(() => app.state.requests.length).toBe(sent + 1);
    app.change({ status: 'locked' });
    expect(app.badge.count).toBe(0);
    release();
    await inFlight;
    app.state.hold = null;
    app.arrives(TRADING.guid, deposit('while-locked', 5));
    await expect(app.watch()).rejects.toMatchObject({ code: 'not_signed_in' });

    // Unlocked: the first look is a fresh record (the stale answer did not become one), so what arrived
    // while locked is history, not news; only what comes after is announced.
    app.change({ status: 'signed-in' });
    await app.watch();
    expect(app.shown).toHaveLength(1);
    app.arrives(TRADING.guid, deposit('after-unlock', 9));
    await app.watch();
    expect(app.shown.map((notice) => notice.body)).toEqual([
      '1 BTC arrived in Trading Ltd.',
      '9 BTC arrived in Trading Ltd.',
    ]);
  });
});

describe('notifications.watch against a flaky service', () => {
  const OLD = '2026-11-20T10:00:00Z';

  it('an empty first page from a flaky service does not make the old deposits news when the next look lists them', async () => {
    const app = await setUp();
    for (let n = 0; n < 5; n += 1) app.arrives(TRADING.guid, deposit(`old-${n}`, n + 1, OLD));
    app.state.instead.push({ items: [], totalRecords: 0, totalPages: 0 });
    await app.setDeposits(TRADING.guid, true);
    await app.watch();
    expect(app.shown).toEqual([]);
    // A deposit made after the watch started is still news, once.
    app.arrives(TRADING.guid, deposit('new', 0.5));
    await app.watch();
    await app.watch();
    expect(app.shown).toEqual([{ title: 'Deposit received', body: '0.5 BTC arrived in Trading Ltd.' }]);
  });

  it('an empty page that counts records it does not send is not used: what the next look lists is history, whatever its dates', async () => {
    const app = await setUp();
    // Dated after the watch started (the service's clock ahead of ours, or deposits re-dated on confirming).
    app.arrives(TRADING.guid, deposit('a', 1, '2026-11-24T02:00:00Z'));
    app.arrives(TRADING.guid, deposit('b', 2, '2026-11-24T02:00:00Z'));
    app.state.instead.push({ items: [] });
    await app.setDeposits(TRADING.guid, true);
    await app.watch();
    expect(app.shown).toEqual([]);
  });

  it('an answer that is not page 1 is not used as the record', async () => {
    const app = await setUp();
    app.arrives(TRADING.guid, deposit('older-page', 1, OLD));
    app.state.instead.push({ page: 2 });
    await app.setDeposits(TRADING.guid, true);
    app.arrives(TRADING.guid, deposit('newest', 2, OLD));
    await app.watch();
    app.arrives(TRADING.guid, deposit('after', 3));
    await app.watch();
    expect(app.shown.map((notice) => notice.body)).toEqual(['3 BTC arrived in Trading Ltd.']);
  });

  it('a first look that fails records nothing and the old deposits stay unannounced', async () => {
    const app = await setUp();
    app.arrives(TRADING.guid, deposit('old', 1, OLD));
    app.state.instead.push(new AppError('network', 'The service could not be reached.'));
    await app.setDeposits(TRADING.guid, true);
    await app.watch();
    expect(app.shown).toEqual([]);
    app.arrives(TRADING.guid, deposit('new', 4));
    await app.watch();
    expect(app.shown.map((notice) => notice.body)).toEqual(['4 BTC arrived in Trading Ltd.']);
  });

  it('an account that really had no deposits announces its first one', async () => {
    const app = await setUp();
    await app.setDeposits(TRADING.guid, true);
    await app.watch();
    app.arrives(TRADING.guid, deposit('first-ever', 0.01));
    await app.watch();
    expect(app.shown).toEqual([{ title: 'Deposit received', body: '0.01 BTC arrived in Trading Ltd.' }]);
  });

  it('once the record stands, a page 1 that lists other, older deposits (sortOrder ignored, a stale copy) announces none of them', async () => {
    const app = await setUp();
    const yearOld = Array.from({ length: 5 }, (_, n) => deposit(`year-old-${n}`, n + 1, '2025-11-01T09:00:00Z'));
    app.arrives(TRADING.guid, deposit('recent', 9, '2026-11-23T20:00:00Z'));
    await app.setDeposits(TRADING.guid, true);
    // Oldest first: what a service that ignores sortOrder: desc answers for an account with a long history.
    app.state.instead.push({ items: yearOld, totalRecords: 6 });
    await app.watch();
    expect(app.shown).toEqual([]);
    app.arrives(TRADING.guid, deposit('new', 0.5));
    await app.watch();
    expect(app.shown).toEqual([{ title: 'Deposit received', body: '0.5 BTC arrived in Trading Ltd.' }]);
  });
});

describe('the app core', () => {
  it('withdraws the notices shown when Settings turns privacy mode on', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wallet-desk-notify-core-'));
    const withdrawn = { times: 0 };
    const core = await createAppCore({
      appName: 'Wallet Desk',
      version: '0.0.0-test',
      settings: await openSettingsStore(dir),
      secrets: createMemoryStore(),
      logger: createRecordingLogger(),
      emit: createEmitter(() => undefined),
      openExternal: async () => undefined,
      writeClipboard: () => undefined,
      readClipboard: () => '',
      userDataDir: dir,
      notifier: {
        show: () => undefined,
        setBadgeCount: () => undefined,
        withdrawAll: () => {
          withdrawn.times += 1;
        },
      },
    });
    try {
      await core.handlers['preferences.update']({ theme: 'dark' });
      await core.handlers['preferences.update']({ privacyMode: false });
      expect(withdrawn.times).toBe(0);
      // Notices exist only once the feature is built (the window's first look, here refused while signed out).
      await Promise.resolve(core.handlers['notifications.get'](undefined)).catch(() => undefined);
      await core.handlers['preferences.update']({ privacyMode: true });
      expect(withdrawn.times).toBe(1);
    } finally {
      await core.dispose();
    }
  });
});
