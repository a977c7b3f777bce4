import { lazy, useEffect, useEffectEvent, useId, useMemo, useState } from 'react';
import type { PortfolioWallet } from '../../../../../src-preload/contract/portfolio';
import { wallet } from '../../../bridge';
import { usePrivacy } from '../../../components/amount';
import { ErrorMessage } from '../../../components/error-message';
import { ChartFigure } from './chart-figure';
import { fiatFormats } from './fiat-format';
import { useText } from '../../../i18n/use-text';
import { readHistorySince, type HistoryReading } from './value-history';
import {
  FIAT_CURRENCIES,
  lastDaySpans,
  rebuildValueOverTime,
  startOfSpans,
  type FiatCurrency,
  type HoldingNow,
} from './value-over-time';
import { ValueNotes } from './value-notes';
import { ValueTable } from './value-table';

const ValueChart = lazy(() => import('./value-chart'));

export const VALUE_RANGES = [7, 30, 90, 365] as const;
type Range = (typeof VALUE_RANGES)[number];

/** A history reading and the balances it is walked back from, read together so they belong together. */
interface Reading {
  readonly accountGuid: string;
  readonly sinceMs: number;
  readonly holdings: readonly HoldingNow[];
  readonly balancesAtMs: number;
  readonly reading: HistoryReading;
}

function holdingsOf(wallets: readonly PortfolioWallet[]): HoldingNow[] {
  return wallets.map((w) => ({ code: w.code, amount: w.amount, priceUsd: w.priceUsd }));
}

function RangeButtons({ range, onChange }: { range: Range; onChange: (range: Range) => void }): React.JSX.Element {
  const t = useText();
  return (
    <div role="group" aria-label={t('pictures.value.ranges')} className="row value-ranges">
      {VALUE_RANGES.map((days) => (
        <button
          key={days}
          type="button"
          className="secondary"
          aria-pressed={days === range}
          aria-label={t('pictures.lastDays', { days })}
          onClick={() => onChange(days)}
        >
          {t('pictures.value.days', { days })}
        </button>
      ))}
    </div>
  );
}

/**
 * Portfolio value per day over the last 7, 30, 90 or 365 days in a chosen fiat currency, rebuilt from the
 * balances Home shows and the history (value-over-time.ts). The history is read once the balances are
 * fresh, and again only for a longer range or another account; the balances it walks back from are the
 * ones of that moment, so a refresh of the balances alone never pairs them with a history that predates it.
 */
export function ValueFigure({
  wallets,
  fetchedAt,
  accountGuid,
  fresh,
}: {
  wallets: readonly PortfolioWallet[];
  fetchedAt: string;
  accountGuid: string;
  /** False while Home shows the last known balances: the walk starts from this run's own answer. */
  fresh: boolean;
}): React.JSX.Element {
  const currencyId = useId();
  const t = useText();
  const privacy = usePrivacy();
  const [range, setRange] = useState<Range>(30);
  const [currency, setCurrency] = useState<FiatCurrency>('usd');
  const [read, setRead] = useState<Reading | null>(null);

  const startReading = useEffectEvent((sinceMs: number, signal: AbortSignal, done: (reading: Reading) => void) => {
    const snapshot = { accountGuid, sinceMs, holdings: holdingsOf(wallets), balancesAtMs: Date.parse(fetchedAt) };
    void readHistorySince((request) => wallet.history.page(request), sinceMs, signal).then(
      (reading) => done({ ...snapshot, reading }),
      (error: unknown) => {
        if (!signal.aborted) throw error;
      },
    );
  });
  const readFor = read?.accountGuid === accountGuid ? read : null;
  const neededSince = startOfSpans(lastDaySpans(range, new Date(Date.parse(fetchedAt))));
  const covered = readFor !== null && readFor.sinceMs <= neededSince;
  useEffect(() => {
    if (!fresh || covered) return;
    const reading = new AbortController();
    startReading(neededSince, reading.signal, (found) => {
      if (!reading.signal.aborted) setRead(found);
    });
    return () => reading.abort();
  }, [fresh, covered, neededSince, accountGuid]);

  const rebuilt = useMemo(() => {
    if (!covered || !readFor) return null;
    return rebuildValueOverTime({
      holdings: readFor.holdings,
      records: readFor.reading.records,
      days: lastDaySpans(range, new Date(readFor.balancesAtMs)),
      balancesAtMs: readFor.balancesAtMs,
      completeFromMs: readFor.reading.state === 'partial' ? readFor.reading.completeFromMs : null,
      currency,
    });
  }, [covered, readFor, range, currency]);

  const formats = fiatFormats(currency);
  const title = t('pictures.value.title', { currency, days: range });
  const reading = readFor?.reading ?? null;
  return (
    <div className="value-picture" aria-busy={rebuilt === null}>
      <div className="row value-controls">
        <RangeButtons range={range} onChange={setRange} />
        <label htmlFor={currencyId}>{t('pictures.value.currency')}</label>
        <select id={currencyId} value={currency} onChange={(event) => setCurrency(event.target.value as FiatCurrency)}>
          {FIAT_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {t('pictures.currency', { currency: code })}
            </option>
          ))}
        </select>
      </div>
      {rebuilt === null ? (
        <p role="status">{t(fresh ? 'pictures.value.reading' : 'pictures.value.waiting')}</p>
      ) : (
        <ChartFigure
          title={title}
          chart={(width) => (
            <ValueChart days={rebuilt.days} width={width} formatTick={formats.tick} privacy={privacy} />
          )}
          table={<ValueTable title={title} days={rebuilt.days} format={formats.amount} />}
        />
      )}
      {reading?.state === 'partial' && reading.error && <ErrorMessage error={reading.error} />}
      {rebuilt && reading && (
        <ValueNotes currency={currency} days={rebuilt.days} reading={reading} usdRate={rebuilt.usdRate} />
      )}
    </div>
  );
}
