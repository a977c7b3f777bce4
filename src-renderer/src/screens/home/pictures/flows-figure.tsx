import { lazy, useEffect, useId, useState } from 'react';
import type { HistoryItem } from '../../../../../src-preload/contract/history';
import { MAX_RECORDS_PER_PAGE } from '../../../../../src-preload/contract/history-limits';
import type { BridgeError } from '../../../../../src-preload/result';
import { wallet } from '../../../bridge';
import { ErrorMessage } from '../../../components/error-message';
import { UsdAmount } from '../../../components/amount';
import { useText } from '../../../i18n/use-text';
import { ChartFigure } from './chart-figure';
import { dailyFlows, lastDays, type DayFlow } from './daily-flows';
import { formatDay } from './day-format';

const FlowsChart = lazy(() => import('./flows-chart'));
const RANGES = [7, 30, 90] as const;
/** Pages read at most (500 records each); a busier range is named as partial rather than read for minutes. */
const MAX_PAGES = 20;

type Loaded =
  | { readonly state: 'loading' }
  | { readonly state: 'failed'; readonly error: BridgeError }
  | { readonly state: 'done'; readonly flows: DayFlow[]; readonly partial: boolean };

/** Once `signal` is aborted (Home left, another range or account) no further page is asked for. */
async function loadFlows(days: number, signal: AbortSignal): Promise<Loaded> {
  const range = lastDays(days, new Date());
  const items: HistoryItem[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    signal.throwIfAborted();
    const result = await wallet.history.page({
      page,
      recordsPerPage: MAX_RECORDS_PER_PAGE,
      since: range.since,
      until: range.until,
      orderBy: 'date',
      sortOrder: 'desc',
    });
    if (!result.ok) return { state: 'failed', error: result.error };
    items.push(...result.value.items);
    if (page >= result.value.totalPages) return { state: 'done', flows: dailyFlows(items, range.days), partial: false };
  }
  return { state: 'done', flows: dailyFlows(items, range.days), partial: true };
}

/** Deposits vs withdrawals in USD per local day over the chosen range, read through history.page. */
export function FlowsFigure({ accountGuid }: { accountGuid: string }): React.JSX.Element {
  const rangeId = useId();
  const t = useText();
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  // Tagged with what it answers, so a change of range or account reads as loading without a setState in the effect.
  const request = `${accountGuid}|${days}`;
  const [answer, setAnswer] = useState<{ request: string; loaded: Loaded } | null>(null);
  useEffect(() => {
    const loading = new AbortController();
    void loadFlows(days, loading.signal).then(
      (loaded) => {
        if (!loading.signal.aborted) setAnswer({ request, loaded });
      },
      (error: unknown) => {
        if (!loading.signal.aborted) throw error;
      },
    );
    return () => loading.abort();
  }, [days, request]);
  const loaded: Loaded = answer?.request === request ? answer.loaded : { state: 'loading' };

  const title = t('pictures.flows.title', { days });
  return (
    <div className="flows-picture" aria-busy={loaded.state === 'loading'}>
      <label htmlFor={rangeId}>{t('pictures.flows.range')} </label>
      <select id={rangeId} value={days} onChange={(event) => setDays(Number(event.target.value) as typeof days)}>
        {RANGES.map((range) => (
          <option key={range} value={range}>
            {t('pictures.lastDays', { days: range })}
          </option>
        ))}
      </select>
      {loaded.state === 'failed' && <ErrorMessage error={loaded.error} />}
      {loaded.state === 'loading' && <p role="status">{t('pictures.flows.loading')}</p>}
      {loaded.state === 'done' && (
        <ChartFigure
          title={title}
          chart={(width) => <FlowsChart flows={loaded.flows} width={width} />}
          table={
            <>
              <table aria-label={title}>
                <thead>
                  <tr>
                    <th scope="col">{t('pictures.day')}</th>
                    <th scope="col" className="numeric">
                      {t('pictures.flows.deposits')}
                    </th>
                    <th scope="col" className="numeric">
                      {t('pictures.flows.withdrawals')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {loaded.flows.map((flow) => (
                    <tr key={flow.day}>
                      <th scope="row">
                        <time dateTime={flow.day}>{formatDay(flow.day)}</time>
                      </th>
                      <td className="numeric">
                        <UsdAmount value={flow.depositsUsd} />
                      </td>
                      <td className="numeric">
                        <UsdAmount value={flow.withdrawalsUsd} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          }
        />
      )}
      {loaded.state === 'done' && loaded.partial && (
        <p>{t('pictures.flows.partial', { records: MAX_PAGES * MAX_RECORDS_PER_PAGE })}</p>
      )}
      <p className="hint">{t('pictures.flows.note')}</p>
    </div>
  );
}
