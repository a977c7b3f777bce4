import { usePrivacy } from '../../../components/amount';
import type { MessageId } from '../../../i18n/text';
import { useText } from '../../../i18n/use-text';
import type { ValueDay } from './value-over-time';
import { formatDayWithYear } from './day-format';

/** The same mask as every hidden amount: a shape, not a word. */
const MASK = '•••••';

/** How a day was valued, or why it was not, in a sentence. */
function howValued(day: ValueDay): MessageId {
  switch (day.missing) {
    case 'not-loaded':
      return 'pictures.valued.notLoaded';
    case 'unreadable':
      return 'pictures.valued.unreadable';
    case 'no-price':
      return 'pictures.valued.noPrice';
    case null:
      break;
  }
  if (day.belowZero) return 'pictures.valued.belowZero';
  if (day.todayPriced === 0) return 'pictures.valued.recordPrices';
  if (day.recordPriced === 0) return 'pictures.valued.todayPrices';
  return 'pictures.valued.mixed';
}

/** The same numbers as the drawing, one row per day, newest first as a statement reads. */
export function ValueTable({
  title,
  days,
  format,
}: {
  title: string;
  days: readonly ValueDay[];
  format: (value: string) => string;
}): React.JSX.Element {
  const privacy = usePrivacy();
  const t = useText();
  const rows = [...days].reverse();
  return (
    <table aria-label={title}>
      <thead>
        <tr>
          <th scope="col">{t('pictures.day')}</th>
          <th scope="col" className="numeric">
            {t('pictures.value.value')}
          </th>
          <th scope="col">{t('pictures.value.how')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((day) => (
          <tr key={day.day}>
            <th scope="row">
              <time dateTime={day.day}>{formatDayWithYear(day.day)}</time>
            </th>
            <td className="numeric">
              {day.value === null ? (
                t('pictures.value.none')
              ) : privacy ? (
                <span className="amount masked" aria-label={t('pictures.value.hidden')}>
                  {MASK}
                </span>
              ) : (
                <span className="amount">{format(day.value)}</span>
              )}
            </td>
            <td>{t(howValued(day))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
