import { MAX_RECORDS_PER_PAGE } from '../../../../../src-preload/contract/history-limits';
import { formatCount } from '../../../format/amounts';
import { formatDayWithYear } from './day-format';
import { currencyNames } from './fiat-format';
import { MAX_VALUE_PAGES, type HistoryReading } from './value-history';
import type { FiatCurrency, MissingReason, ValueDay } from './value-over-time';

/** The newest day with this reason, written out. */
function newestWith(days: readonly ValueDay[], test: (day: ValueDay) => boolean): string | null {
  for (let index = days.length - 1; index >= 0; index -= 1) {
    if (test(days[index]!)) return formatDayWithYear(days[index]!.day);
  }
  return null;
}

function missingSentence(reason: MissingReason, day: string, reading: HistoryReading): string {
  switch (reason) {
    case 'not-loaded':
      if (reading.state === 'partial' && reading.why === 'out-of-order') {
        return 'The service did not list the history in date order, so no earlier day can be rebuilt.';
      }
      if (reading.state === 'partial' && reading.why === 'capped') {
        return `Only the newest ${formatCount(MAX_VALUE_PAGES * MAX_RECORDS_PER_PAGE)} records were read, so ${day} and the days before it are not drawn.`;
      }
      return `The history could not be read further back, so ${day} and the days before it are not drawn.`;
    case 'unreadable':
      return `A record after ${day} is of a kind the app cannot undo, so that day and the days before it are not drawn.`;
    case 'no-price':
      return `No price is known for an asset held on ${day}, so that day is not drawn.`;
  }
}

/**
 * What the picture is made of, in words: which prices value the days, what the history leaves out, and
 * which days are missing and why, rather than a line drawn through a guess.
 */
export function ValueNotes({
  currency,
  days,
  reading,
  usdRate,
}: {
  currency: FiatCurrency;
  days: readonly ValueDay[];
  reading: HistoryReading;
  usdRate: string | null;
}): React.JSX.Element {
  const reasons: MissingReason[] = ['not-loaded', 'unreadable', 'no-price'];
  const belowZero = newestWith(days, (day) => day.belowZero);
  return (
    <div className="value-notes">
      <p className="hint">
        Each day is valued at the end of the day, at the prices the history records that day; an asset without a record
        that day is valued at today’s price. Today is valued at today’s prices.
      </p>
      {currency !== 'usd' && usdRate !== null && (
        <p className="hint">{`Today’s prices are in US dollars; they are turned into ${currencyNames[currency]} at the rate of the newest record.`}</p>
      )}
      <p className="hint">
        Completed records only. The service’s history gives no fees, so a day before a send is short by the fee the send
        cost.
      </p>
      {reasons.map((reason) => {
        const day = newestWith(days, (entry) => entry.missing === reason);
        return day === null ? null : (
          <p key={reason} className="value-missing">
            {missingSentence(reason, day, reading)}
          </p>
        );
      })}
      {belowZero !== null && (
        <p className="value-missing">
          {`On ${belowZero} and before, some asset comes out below zero: the history does not add up to today’s balances there, so those days are not what was held.`}
        </p>
      )}
    </div>
  );
}
