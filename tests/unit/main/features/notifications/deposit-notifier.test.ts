import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryItem } from '../../../../../src-preload/contract/history';
import { formatCryptoAmount } from '../../../../../src-preload/contract/crypto-amount-format';
import { createDepositNotifier, type DesktopNotice } from '../../../../../src-main/features/notifications';
import { setMainLanguage, textLocale } from '../../../../../src-main/i18n/main-text';
import { openSettingsStore } from '../../../../../src-main/settings/settings-store';
import { createElectronNotifier } from '../../../../../src-main/shell/electron-notifier';
import { createRecordingLogger } from '../../../support/recording-logger';

const ACCOUNT = 'account-1';

function deposit(txId: string, amount: string, type = 'Deposit'): HistoryItem {
  return {
    symbolId: 1,
    symbol: 'BTC',
    symbolName: 'Bitcoin',
    displayName: 'Bitcoin',
    network: 'Bitcoin Mainnet',
    address: 'bc1qexample',
    txId,
    amount,
    status: 'Completed',
    type,
    date: '2026-11-23T22:00:00Z',
    value: '1',
    referenceId: '',
    label: '',
    merchantTransactionId: '',
    to: '',
    withdrawType: 0,
    prices: { usd: '1', gbp: '1', eur: '1', try: '1', jpy: '1' },
    isAutoCollected: false,
    explorerUrl: null,
  } as HistoryItem;
}

async function setUp(options: { enabled?: boolean; privacyMode?: boolean; locale?: () => string } = {}) {
  const settings = await openSettingsStore(await mkdtemp(join(tmpdir(), 'wallet-desk-notify-')));
  await settings.update((current) => ({
    ...current,
    preferences: { ...current.preferences, privacyMode: options.privacyMode ?? false },
    notifications: { depositsByAccount: { [ACCOUNT]: options.enabled ?? true } },
  }));
  const shown: DesktopNotice[] = [];
  const badges: number[] = [];
  const published: number[] = [];
  const withdrawn = { times: 0 };
  const notifier = createDepositNotifier({
    settings,
    notifier: {
      show: (notice) => shown.push(notice),
      setBadgeCount: (count) => badges.push(count),
      withdrawAll: () => {
        withdrawn.times += 1;
      },
    },
    logger: createRecordingLogger(),
    signedIn: () => true,
    publish: (unseen) => published.push(unseen),
    // Before the deposits the stories make.
    now: () => Date.parse('2026-11-23T21:00:00Z'),
    ...(options.locale === undefined ? {} : { locale: options.locale }),
  });
  return { settings, notifier, shown, badges, published, withdrawn };
}

describe('deposit notifier', () => {
  it('announces only deposits that arrive after the first look, once each, and counts them on the badge', async () => {
    const { notifier, shown, badges, published } = await setUp();
    expect(notifier.observe(ACCOUNT, 'Main', [deposit('old', '1')])).toBe(0);
    expect(shown).toEqual([]);
    const later = [deposit('new', '0.5'), deposit('sent', '2', 'Withdraw'), deposit('old', '1')];
    expect(notifier.observe(ACCOUNT, 'Main', later)).toBe(1);
    expect(notifier.observe(ACCOUNT, 'Main', later)).toBe(0);
    expect(shown).toEqual([{ title: 'Deposit received', body: '0.5 BTC arrived in Main.' }]);
    expect(badges).toEqual([1]);
    expect(published).toEqual([1]);
    notifier.markSeen();
    expect(badges).toEqual([1, 0]);
    expect(published).toEqual([1, 0]);
  });

  it('with privacy mode on, a notice carries no amount', async () => {
    const { notifier, shown } = await setUp({ privacyMode: true });
    notifier.observe(ACCOUNT, 'Main', []);
    notifier.observe(ACCOUNT, 'Main', [deposit('new', '0.123456')]);
    expect(shown).toHaveLength(1);
    expect(JSON.stringify(shown)).not.toMatch(/0[.,]123456|123456|\d/);
    expect(shown[0]!.body).toBe('A deposit of Bitcoin (Bitcoin Mainnet) arrived in Main.');
  });

  it('stays silent for an account whose notifications are off, and forgets everything on reset', async () => {
    const { settings, notifier, shown, badges } = await setUp({ enabled: false });
    notifier.observe(ACCOUNT, 'Main', []);
    notifier.observe(ACCOUNT, 'Main', [deposit('a', '1')]);
    expect(shown).toEqual([]);
    await settings.update((current) => ({ ...current, notifications: { depositsByAccount: { [ACCOUNT]: true } } }));
    // Seen while off: not news once they are switched on.
    notifier.observe(ACCOUNT, 'Main', [deposit('a', '1')]);
    expect(shown).toEqual([]);
    notifier.observe(ACCOUNT, 'Main', [deposit('b', '1'), deposit('a', '1')]);
    expect(shown).toHaveLength(1);
    notifier.reset();
    expect(badges.at(-1)).toBe(0);
    expect(notifier.hasLooked(ACCOUNT)).toBe(false);
  });

  it('a lock or sign-out takes the notices already shown out of the notification centre', async () => {
    const { notifier, shown, withdrawn } = await setUp();
    notifier.observe(ACCOUNT, 'Main', []);
    notifier.observe(ACCOUNT, 'Main', [deposit('new', '5')]);
    expect(shown).toHaveLength(1);
    expect(withdrawn.times).toBe(0);
    notifier.reset();
    expect(withdrawn.times).toBe(1);
  });
});

describe('the amount in a notice', () => {
  const bodies = (shown: readonly DesktopNotice[]) => shown.map((notice) => notice.body);

  it('is written in the locale the app shows amounts in, at the asset’s precision, cut rather than rounded', async () => {
    const { notifier, shown } = await setUp({ locale: () => 'de-DE' });
    notifier.observe(ACCOUNT, 'Main', []);
    notifier.observe(ACCOUNT, 'Main', [deposit('a', '0.25'), deposit('b', '1234.5'), deposit('c', '0.123456789')]);
    expect(bodies(shown)).toEqual([
      '0,25 BTC arrived in Main.',
      '1.234,5 BTC arrived in Main.',
      '0,12345678 BTC arrived in Main.',
    ]);
    // The same text the window writes (src-renderer/src/format/amounts.ts formats through this function).
    expect(shown[0]!.body.startsWith(formatCryptoAmount('0.25', 'BTC', 'de-DE'))).toBe(true);
  });

  it('follows the locale as it is when the notice is written, and falls back to en-US for a tag Intl refuses', async () => {
    let locale = 'en-US';
    const { notifier, shown } = await setUp({ locale: () => locale });
    notifier.observe(ACCOUNT, 'Main', []);
    notifier.observe(ACCOUNT, 'Main', [deposit('a', '1000.5')]);
    locale = 'de-DE';
    notifier.observe(ACCOUNT, 'Main', [deposit('b', '1000.5'), deposit('a', '1000.5')]);
    locale = 'not a locale!';
    notifier.observe(ACCOUNT, 'Main', [deposit('c', '0.5'), deposit('b', '1000.5'), deposit('a', '1000.5')]);
    expect(bodies(shown)).toEqual([
      '1,000.5 BTC arrived in Main.',
      '1.000,5 BTC arrived in Main.',
      '0.5 BTC arrived in Main.',
    ]);
  });

  it('is left out in privacy mode whatever the locale', async () => {
    const { notifier, shown } = await setUp({ locale: () => 'de-DE', privacyMode: true });
    notifier.observe(ACCOUNT, 'Main', []);
    notifier.observe(ACCOUNT, 'Main', [deposit('a', '0.25')]);
    expect(bodies(shown)).toEqual(['A deposit of Bitcoin (Bitcoin Mainnet) arrived in Main.']);
  });
});

describe('a notice in the chosen language', () => {
  afterEach(() => setMainLanguage('en', []));

  it('is written in German and in Turkish, the amount in that language’s locale', async () => {
    const { notifier, shown } = await setUp({ locale: textLocale });
    notifier.observe(ACCOUNT, 'Main', []);
    setMainLanguage('de', []);
    notifier.observe(ACCOUNT, 'Main', [deposit('a', '1000.5')]);
    setMainLanguage('tr', []);
    notifier.observe(ACCOUNT, 'Main', [deposit('b', '0.25'), deposit('a', '1000.5')]);
    expect(shown).toEqual([
      { title: 'Einzahlung eingegangen', body: '1.000,5 BTC sind auf Main eingegangen.' },
      { title: 'Para yatırma alındı', body: 'Main hesabına 0,25 BTC ulaştı.' },
    ]);
  });

  it('names the asset, not the amount, in privacy mode in German', async () => {
    setMainLanguage('de', []);
    const { notifier, shown } = await setUp({ locale: textLocale, privacyMode: true });
    notifier.observe(ACCOUNT, 'Main', []);
    notifier.observe(ACCOUNT, 'Main', [deposit('a', '0.25')]);
    expect(shown.map((notice) => notice.body)).toEqual([
      'Eine Einzahlung in Bitcoin (Bitcoin Mainnet) ist auf Main eingegangen.',
    ]);
  });
});

describe('a deposit the service fills in bit by bit', () => {
  const listed = (overrides: Partial<HistoryItem>): HistoryItem => ({ ...deposit('', '0.25'), ...overrides });

  it('is announced once while it has no txId, though its date and the writing of its amount change, and not again when the txId comes', async () => {
    const { notifier, shown } = await setUp();
    notifier.observe(ACCOUNT, 'Main', []);
    expect(notifier.observe(ACCOUNT, 'Main', [listed({ date: '2026-11-24T01:00:00Z', amount: '0.25' })])).toBe(1);
    expect(notifier.observe(ACCOUNT, 'Main', [listed({ date: '2026-11-24T01:00:07Z', amount: '0.250' })])).toBe(0);
    expect(notifier.observe(ACCOUNT, 'Main', [listed({ date: '2026-11-24T01:09:00Z', amount: '0.2500' })])).toBe(0);
    const confirmed = listed({ date: '2026-11-24T01:30:00Z', amount: '0.25000000', txId: 'tx-1' });
    expect(notifier.observe(ACCOUNT, 'Main', [confirmed])).toBe(0);
    expect(notifier.observe(ACCOUNT, 'Main', [confirmed])).toBe(0);
    expect(shown).toEqual([{ title: 'Deposit received', body: '0.25 BTC arrived in Main.' }]);
  });

  it('two deposits of the same amount to the same address without txIds are two, and their txIds announce nothing more', async () => {
    const { notifier, shown } = await setUp();
    notifier.observe(ACCOUNT, 'Main', []);
    expect(notifier.observe(ACCOUNT, 'Main', [listed({})])).toBe(1);
    // The second arrives; the first is listed again with another date.
    expect(
      notifier.observe(ACCOUNT, 'Main', [listed({ date: '2026-11-24T02:00:00Z' }), listed({ amount: '0.250' })]),
    ).toBe(1);
    // One gets its txId while the other still has none, then the other.
    expect(notifier.observe(ACCOUNT, 'Main', [listed({ txId: 'tx-a' }), listed({})])).toBe(0);
    expect(notifier.observe(ACCOUNT, 'Main', [listed({ txId: 'tx-a' }), listed({ txId: 'tx-b' })])).toBe(0);
    expect(shown).toHaveLength(2);
  });

  it('a new deposit with a txId beside an identical one still without is news', async () => {
    const { notifier } = await setUp();
    notifier.observe(ACCOUNT, 'Main', [listed({})]);
    expect(notifier.observe(ACCOUNT, 'Main', [listed({ txId: 'tx-new' }), listed({})])).toBe(1);
  });

  it('one already there at the first look without a txId is not announced when its txId and a new date come', async () => {
    const { notifier, shown } = await setUp();
    notifier.observe(ACCOUNT, 'Main', [listed({ amount: '1.50' })]);
    expect(
      notifier.observe(ACCOUNT, 'Main', [listed({ amount: '1.5', txId: 'tx-1', date: '2026-11-24T03:00:00Z' })]),
    ).toBe(0);
    expect(shown).toEqual([]);
  });
  it('one that drops off the list without a txId does not make a later deposit of the same amount with a txId pass for its fill-in', async () => {
    const { notifier, shown } = await setUp();
    notifier.observe(ACCOUNT, 'Main', []);
    // Listed unconfirmed, then gone (it never confirmed): another deposit is what the next look lists.
    expect(notifier.observe(ACCOUNT, 'Main', [listed({})])).toBe(1);
    expect(notifier.observe(ACCOUNT, 'Main', [deposit('other', '3')])).toBe(1);
    expect(notifier.observe(ACCOUNT, 'Main', [deposit('other', '3')])).toBe(0);
    // The payer pays the same amount again; it is listed with its txId straight away.
    const again = listed({ txId: 'tx-again', date: '2026-11-24T05:00:00Z' });
    expect(notifier.observe(ACCOUNT, 'Main', [again, deposit('other', '3')])).toBe(1);
    expect(notifier.observe(ACCOUNT, 'Main', [again, deposit('other', '3')])).toBe(0);
    expect(shown.map((notice) => notice.body)).toEqual([
      '0.25 BTC arrived in Main.',
      '3 BTC arrived in Main.',
      '0.25 BTC arrived in Main.',
    ]);
  });

  it('a row without a txId of the previous look fills in one txId: a second new one of its identity is news', async () => {
    const { notifier } = await setUp();
    notifier.observe(ACCOUNT, 'Main', []);
    expect(notifier.observe(ACCOUNT, 'Main', [listed({})])).toBe(1);
    expect(notifier.observe(ACCOUNT, 'Main', [listed({ txId: 'tx-filled' }), listed({ txId: 'tx-second' })])).toBe(1);
  });

  it('a row without a txId fills in only in the look right after one that listed it, and an empty look between does not count', async () => {
    const { notifier } = await setUp();
    notifier.observe(ACCOUNT, 'Main', []);
    expect(notifier.observe(ACCOUNT, 'Main', [listed({})])).toBe(1);
    // An empty answer (a flaky service) is not a look that listed the row as gone.
    expect(notifier.observe(ACCOUNT, 'Main', [])).toBe(0);
    expect(notifier.observe(ACCOUNT, 'Main', [listed({ txId: 'tx-1' })])).toBe(0);
  });
});

describe('a deposit dated before the watch started', () => {
  // The watch starts at 21:00Z (setUp); 5 minutes of clock skew are allowed.
  const dated = (txId: string, date: string): HistoryItem => ({ ...deposit(txId, '1'), date });

  it('is not news after a first look that listed deposits, though the record has not seen it', async () => {
    const { notifier, shown } = await setUp();
    notifier.observe(ACCOUNT, 'Main', [deposit('baseline', '2')]);
    // A service that ignored sortOrder, or answered a stale page: year-old deposits the record never saw.
    const yearOld = [dated('year-old-1', '2025-11-01T09:00:00Z'), dated('year-old-2', '2025-10-01T09:00:00Z')];
    expect(notifier.observe(ACCOUNT, 'Main', yearOld)).toBe(0);
    expect(notifier.observe(ACCOUNT, 'Main', [deposit('new', '0.5'), ...yearOld])).toBe(1);
    expect(shown.map((notice) => notice.body)).toEqual(['0.5 BTC arrived in Main.']);
  });

  it('is news within the 5 minutes of clock skew allowed, not before them', async () => {
    const { notifier } = await setUp();
    notifier.observe(ACCOUNT, 'Main', [deposit('baseline', '2')]);
    expect(notifier.observe(ACCOUNT, 'Main', [dated('skewed', '2026-11-23T20:55:00Z')])).toBe(1);
    expect(notifier.observe(ACCOUNT, 'Main', [dated('before', '2026-11-23T20:54:59.999Z')])).toBe(0);
  });

  it('a date without a time zone is UTC, as the spec writes dates, whatever zone the computer is in', async () => {
    const zoneBefore = process.env.TZ;
    try {
      for (const zone of ['America/New_York', 'Pacific/Kiritimati', 'UTC']) {
        process.env.TZ = zone;
        const { notifier } = await setUp();
        notifier.observe(ACCOUNT, 'Main', [deposit('baseline', '2')]);
        // An hour before the watch in UTC: read as New York time it would be hours after it.
        expect(notifier.observe(ACCOUNT, 'Main', [dated(`old-${zone}`, '2026-11-23T20:00:00')])).toBe(0);
        // Half an hour after it in UTC: read as Kiritimati time (UTC+14) it would be the morning before.
        expect(notifier.observe(ACCOUNT, 'Main', [dated(`new-${zone}`, '2026-11-23T21:30:00')])).toBe(1);
      }
    } finally {
      if (zoneBefore === undefined) delete process.env.TZ;
      else process.env.TZ = zoneBefore;
    }
  });

  it('a date that does not read as an ISO 8601 instant is not news, whatever the computer guesses', async () => {
    const { notifier } = await setUp();
    notifier.observe(ACCOUNT, 'Main', [deposit('baseline', '2')]);
    for (const [txId, date] of [
      ['words', 'yesterday'],
      ['locale-text', 'Nov 24 2026 22:00'],
      ['no-day', '2026-02-30T22:00:00Z'],
      ['empty', ''],
    ] as const) {
      expect(notifier.observe(ACCOUNT, 'Main', [dated(txId, date)]), date).toBe(0);
    }
  });

  it('nor after an empty first look (the account’s first deposit is news only if dated since)', async () => {
    const { notifier } = await setUp();
    notifier.observe(ACCOUNT, 'Main', []);
    expect(notifier.observe(ACCOUNT, 'Main', [dated('old', '2026-11-20T10:00:00Z'), deposit('new', '1')])).toBe(1);
  });
});

describe('Electron notifier', () => {
  it('shows a Notification where supported and sets the app badge', () => {
    const shown: unknown[] = [];
    let supported = true;
    class Notification {
      static isSupported = () => supported;
      constructor(private readonly options: { title: string; body: string }) {}
      show() {
        shown.push(this.options);
      }
      close() {}
    }
    const setBadgeCount = vi.fn(() => true);
    const notifier = createElectronNotifier({ Notification, app: { setBadgeCount } });
    notifier.show({ title: 'Deposit received', body: 'x' });
    supported = false;
    notifier.show({ title: 'Deposit received', body: 'y' });
    notifier.setBadgeCount(3);
    expect(shown).toEqual([{ title: 'Deposit received', body: 'x' }]);
    expect(setBadgeCount).toHaveBeenCalledWith(3);
  });

  it('withdraws every notice it showed, each once', () => {
    const closed: string[] = [];
    class Notification {
      static isSupported = () => true;
      constructor(private readonly options: { title: string; body: string }) {}
      show() {}
      close() {
        closed.push(this.options.body);
      }
    }
    const notifier = createElectronNotifier({ Notification, app: { setBadgeCount: () => true } });
    notifier.show({ title: 'Deposit received', body: '5 BTC arrived in Main.' });
    notifier.show({ title: 'Deposit received', body: '1 ETH arrived in Main.' });
    notifier.withdrawAll();
    notifier.withdrawAll();
    expect(closed).toEqual(['5 BTC arrived in Main.', '1 ETH arrived in Main.']);
  });
});
