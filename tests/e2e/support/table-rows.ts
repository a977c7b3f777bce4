import type { Locator } from '@playwright/test';

/**
 * A table's data rows: rows holding cells, so not the header row, and (as role queries go) not the rows
 * hidden from assistive tech, such as loading placeholders.
 */
export function dataRows(table: Locator): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('cell') });
}
