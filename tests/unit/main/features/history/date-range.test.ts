import { describe, expect, it } from 'vitest';
import { dateRangeFilterOf } from '../../../../../src-main/features/history/date-range';
import type { TransactionItem } from '../../../../../src-main/service/interface-a-schemas';

const at = (date: string) => ({ date }) as TransactionItem;

describe('DateRangeFilter.mark', () => {
  it('forgets the records seen after it, as a page read again from its start needs', () => {
    const filter = dateRangeFilterOf({ since: '2026-03-01T00:00:00Z', orderBy: 'date', sortOrder: 'desc' });
    expect(filter).not.toBeNull();
    filter!.admits(at('2026-04-01T00:00:00Z'));
    const restore = filter!.mark();
    // A first attempt went past the range's start: the scan could stop.
    expect(filter!.admits(at('2026-02-01T00:00:00Z'))).toBe(false);
    expect(filter!.canStop()).toBe(true);
    restore();
    expect(filter!.canStop()).toBe(false);
    // A record out of order in another attempt is forgotten too: the order still counts as kept.
    filter!.admits(at('2026-05-01T00:00:00Z'));
    expect(filter!.canStop()).toBe(false);
    restore();
    expect(filter!.admits(at('2026-03-15T00:00:00Z'))).toBe(true);
    expect(filter!.admits(at('2026-02-15T00:00:00Z'))).toBe(false);
    expect(filter!.canStop()).toBe(true);
  });
});
