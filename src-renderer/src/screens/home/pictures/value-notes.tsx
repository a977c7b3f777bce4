import { MAX_RECORDS_PER_PAGE } from '../../../../../src-preload/contract/history-limits';
import { formatDayWithYear } from './day-format';
import { t as text } from '../../../i18n/text';
import { useText } from '../../../i18n/use-text';
import { MAX_VALUE_PAGES, type HistoryReading } from './value-history';
import type { FiatCurrency, MissingReason, ValueDay } from './value-over-time';

/** The newest day with this reason, written out. */
function newestWith(days: readonly ValueDay[], test: (day: ValueDay) => boolean): string | null {
  for (let index = days.length - 1; index >= 0; index -= 1) {
    if (test(days[index]!)) return formatDayWithYear(days[index]!.day);
  }
  return null;
}

function missingSentence(reason: MissingReason, day: string, reading: HistoryReading, t: typeof text): string {
  switch (reason) {
    case 'not-loaded':
      if (reading.state === 'partial' && reading.why === 'out-of-order') return t('pictures.missing.outOfOrder');
      if (reading.state === 'partial' && reading.why === 'capped') {
        return t('pictures.missing.capped', { records: MAX_VALUE_PAGES * MAX_RECORDS_PER_PAGE, day });
      }
      return t('pictures.missing.notLoaded', { day });
    case 'unreadable':
      return t('pictures.missing.unreadable', { day });
    case 'no-price':
      return t('pictures.missing.noPrice', { day });
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
  const t = useText();
  return (
    <div className="value-notes">
      <p className="hint">{t('pictures.notes.valuedAt')}</p>
      {currency !== 'usd' && usdRate !== null && <p className="hint">{t('pictures.notes.converted', { currency })}</p>}
      <p className="hint">{t('pictures.notes.noFees')}</p>
      {reasons.map((reason) => {
        const day = newestWith(days, (entry) => entry.missing === reason);
        return day === null ? null : (
          <p key={reason} className="value-missing">
            {missingSentence(reason, day, reading, t)}
          </p>
        );
      })}
      {belowZero !== null && <p className="value-missing">{t('pictures.notes.belowZero', { day: belowZero })}</p>}
    </div>
  );
}
