import type { PayoutRowView } from '../../../src-preload/contract/payouts';

const COLUMNS = ['line', 'reference', 'asset', 'amount', 'address', 'label', 'state', 'txId', 'explorerUrl', 'message'];

/** RFC 4180: a field holding a comma, quote or line break is quoted, inner quotes doubled. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Text a person typed that a spreadsheet would run as a formula keeps a leading apostrophe (OWASP "CSV injection"). */
function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The batch's results for accounting: one line per row, in the file's order, with what the service answered
 * (transaction id and explorer link), or why it was refused, or that its outcome is unknown. Text a person
 * typed is kept from running as a spreadsheet formula.
 */
export function resultsCsv(rows: readonly PayoutRowView[]): string {
  const lines = rows.map((row) =>
    [
      String(row.line),
      row.reference,
      row.code,
      row.amount,
      row.address,
      neutraliseFormula(row.label),
      row.state,
      row.txId ?? '',
      row.explorerUrl ?? '',
      row.message ?? '',
    ]
      .map(csvField)
      .join(','),
  );
  return `${[COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
}
