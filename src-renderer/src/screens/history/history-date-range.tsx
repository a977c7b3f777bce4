import { useId, useState } from 'react';
import type { HistoryFilters } from '../../../../src-preload/contract/history';
import { formatterFor } from '../../format/display-locale';
import { dayRangeToInstants, localMidnight } from '../../format/day-range';
import { t as text } from '../../i18n/text';
import { useText } from '../../i18n/use-text';

const dayFormat = (): Intl.DateTimeFormat =>
  formatterFor('medium-day', (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }));
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function shown(day: string): string {
  const date = localMidnight(day);
  return date ? dayFormat().format(date) : day;
}

/** What the chosen range means, in the user's words and locale. */
export function describeRange(fromDay: string, toDay: string): string {
  if (fromDay !== '' && toDay !== '')
    return text('history.dates.between', { from: shown(fromDay), to: shown(toDay), zone: timeZone });
  if (fromDay !== '') return text('history.dates.since', { from: shown(fromDay), zone: timeZone });
  if (toDay !== '') return text('history.dates.until', { to: shown(toDay), zone: timeZone });
  return text('history.dates.allNote');
}

/**
 * From and To days. A pair that is not a range (To before From, a day that does not exist) is refused in
 * words beside the field and the shown transactions stay as they were.
 */
export function HistoryDateRange({
  filters,
  onChange,
}: {
  filters: HistoryFilters;
  onChange: (change: Pick<HistoryFilters, 'fromDay' | 'toDay'>) => void;
}): React.JSX.Element {
  const t = useText();
  const id = useId();
  const [draft, setDraft] = useState({ fromDay: filters.fromDay, toDay: filters.toDay });
  // Remembered filters can change from outside (another account's): take them over while rendering.
  const [remembered, setRemembered] = useState({ fromDay: filters.fromDay, toDay: filters.toDay });
  if (remembered.fromDay !== filters.fromDay || remembered.toDay !== filters.toDay) {
    setRemembered({ fromDay: filters.fromDay, toDay: filters.toDay });
    setDraft({ fromDay: filters.fromDay, toDay: filters.toDay });
  }
  const problemId = `${id}-problem`;
  const check = dayRangeToInstants(draft.fromDay, draft.toDay);
  const problem = check.kind === 'invalid' ? check : null;

  const change = (next: { fromDay: string; toDay: string }): void => {
    setDraft(next);
    if (dayRangeToInstants(next.fromDay, next.toDay).kind !== 'invalid') onChange(next);
  };

  return (
    <fieldset className="history-dates">
      <legend>{t('history.dates.legend')}</legend>
      <label htmlFor={`${id}-from`}>{t('history.dates.from')}</label>
      <input
        id={`${id}-from`}
        type="date"
        value={draft.fromDay}
        aria-invalid={problem?.field === 'from'}
        aria-describedby={`${id}-note`}
        aria-errormessage={problem?.field === 'from' ? problemId : undefined}
        onChange={(event) => change({ ...draft, fromDay: event.target.value })}
      />
      <label htmlFor={`${id}-to`}>{t('history.dates.to')}</label>
      <input
        id={`${id}-to`}
        type="date"
        value={draft.toDay}
        aria-invalid={problem?.field === 'to'}
        aria-describedby={`${id}-note`}
        aria-errormessage={problem?.field === 'to' ? problemId : undefined}
        onChange={(event) => change({ ...draft, toDay: event.target.value })}
      />
      {(draft.fromDay !== '' || draft.toDay !== '') && (
        <button type="button" className="secondary" onClick={() => change({ fromDay: '', toDay: '' })}>
          {t('history.dates.all')}
        </button>
      )}
      <p id={`${id}-note`} className="history-muted history-dates-note">
        {describeRange(filters.fromDay, filters.toDay)}
      </p>
      {problem && (
        <p id={problemId} className="error" role="alert">
          {t(problem.message)}
        </p>
      )}
    </fieldset>
  );
}
