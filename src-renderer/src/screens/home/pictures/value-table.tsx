import { usePrivacy } from '../../../components/amount';
import type { ValueDay } from './value-over-time';
import { formatDayWithYear } from './day-format';

/** How a day was valued, or why it was not, in a sentence. */
function howValued(day: ValueDay): string {
  switch (day.missing) {
    case 'not-loaded':
      return 'Not rebuilt: the history after this day was not all read.';
    case 'unreadable':
      return 'Not rebuilt: a later record is of a kind the app cannot undo.';
    case 'no-price':
      return 'Not rebuilt: no price is known for an asset held that day.';
    case null:
      break;
  }
  if (day.belowZero) return 'Some asset comes out below zero here: the history does not add up to today’s balances.';
  if (day.todayPriced === 0) return 'Every asset at its price that day.';
  if (day.recordPriced === 0) return 'Every asset at today’s price.';
  return 'Assets with a record that day at its price, the others at today’s price.';
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
  const rows = [...days].reverse();
  return (
    <table aria-label={title}>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col" className="numeric">
            Value
          </th>
          <th scope="col">How it is valued</th>
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
                'None'
              ) : privacy ? (
                <span className="amount masked" aria-label="Hidden amount">
                  •••••
                </span>
              ) : (
                <span className="amount">{format(day.value)}</span>
              )}
            </td>
            <td>{howValued(day)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
