import Decimal from 'decimal.js';
import { assetNetworks, networks, type AssetNetwork } from '../../../src-preload/contract/assets';
import type { RowProblem } from '../../../src-preload/contract/payouts';
import { hasUnsafeCharacters } from '../../../src-preload/contract/text';
import { t } from '../../i18n/main-text';

/** The columns of the template (docs/payouts.md), in any order, named by the header line. */
export const csvColumns = ['address', 'amount', 'asset', 'network', 'reference', 'label'] as const;
type Column = (typeof csvColumns)[number];

/** A row as read from the file: every field it had, before any check against the service. */
export interface ParsedRow {
  readonly line: number;
  readonly asset: AssetNetwork | null;
  readonly address: string;
  /** Exact decimal text, normalised ("12.50" reads as 12.5), or null when the field is not an amount. */
  readonly amount: string | null;
  /** The same amount as a number to add and compare, read once (null with `amount`). */
  readonly value: Decimal | null;
  /** Empty when the file gave none: one is made when the draft is saved. */
  readonly reference: string;
  readonly label: string;
}

export interface ParsedFile {
  readonly rows: ParsedRow[];
  readonly problems: RowProblem[];
}

const referencePattern = /^[A-Za-z0-9._:/-]{1,64}$/;

/**
 * Splits one line on the delimiter, with RFC 4180 quotes ("a;b" is one field, "" is a quote inside one). A
 * quote left open is a problem of the line, said as such.
 */
export function splitLine(text: string, delimiter: ',' | ';'): string[] | null {
  // Most lines quote nothing: one split instead of a walk that grows each field a character at a time.
  if (!text.includes('"')) return text.split(delimiter).map((field) => field.trim());
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (char === delimiter) {
      fields.push(field.trim());
      field = '';
    } else field += char;
  }
  if (quoted) return null;
  fields.push(field.trim());
  return fields;
}

/** A comma decimal separator needs semicolons between fields; a full stop takes either, as the header shows. */
function delimiterOf(header: string, decimalSeparator: '.' | ','): ',' | ';' {
  if (decimalSeparator === ',') return ';';
  return header.includes(';') && !header.includes(',') ? ';' : ',';
}

function findAsset(assetText: string, networkText: string): AssetNetwork | null {
  const asset = assetText.toUpperCase();
  const network = networkText.toLowerCase();
  if (network === '') return assetNetworks.find((entry) => entry.code === asset) ?? null;
  return (
    assetNetworks.find(
      (entry) =>
        (entry.asset === asset || entry.code === asset) &&
        (networks[entry.network].name.toLowerCase() === network || entry.network === network),
    ) ?? null
  );
}

const amountPatterns = { '.': /^\d+(\.\d+)?$/, ',': /^\d+(,\d+)?$/ } as const;

function amountOf(text: string, decimalSeparator: '.' | ','): Decimal | null {
  if (!amountPatterns[decimalSeparator].test(text)) return null;
  return new Decimal(decimalSeparator === ',' ? text.replace(',', '.') : text);
}

/**
 * Reads a payout CSV (docs/payouts.md): a header naming the columns, then one payment per line. Every
 * problem is said by line and column; blank lines are skipped. Nothing here asks the service anything.
 */
export function parseBatchCsv(lines: readonly string[], decimalSeparator: '.' | ','): ParsedFile {
  const problems: RowProblem[] = [];
  const header = lines[0] ?? '';
  const delimiter = delimiterOf(header, decimalSeparator);
  const names = (splitLine(header, delimiter) ?? []).map((name) => name.toLowerCase());
  const position = new Map<Column, number>();
  for (const column of csvColumns) {
    const index = names.indexOf(column);
    if (index >= 0) position.set(column, index);
  }
  for (const column of ['address', 'amount', 'asset'] as const) {
    if (!position.has(column)) {
      problems.push({
        line: 1,
        column,
        message: t('mainPayouts.headerMissing', { column }),
      });
    }
  }
  if (problems.length > 0) return { rows: [], problems };

  const rows: ParsedRow[] = [];
  lines.slice(1).forEach((text, index) => {
    const line = index + 2;
    if (text.trim() === '') return;
    const fields = splitLine(text, delimiter);
    if (fields === null) {
      problems.push({ line, column: 'file', message: t('mainPayouts.openQuote') });
      return;
    }
    const field = (column: Column) => {
      const at = position.get(column);
      return at === undefined ? '' : (fields[at] ?? '');
    };
    const problem = (column: RowProblem['column'], message: string) => problems.push({ line, column, message });
    const asset = findAsset(field('asset'), field('network'));
    if (asset === null) {
      const network = field('network');
      problem(
        network === '' ? 'asset' : 'network',
        network !== ''
          ? t('mainPayouts.unknownOnNetwork', { asset: field('asset'), network })
          : field('asset') === ''
            ? t('mainPayouts.emptyAsset')
            : t('mainPayouts.unknownAsset', { asset: field('asset') }),
      );
    }
    const amountText = field('amount');
    const value = amountOf(amountText, decimalSeparator);
    if (value === null) {
      const example = decimalSeparator === '.' ? '12.50' : '12,50';
      problem(
        'amount',
        t('mainPayouts.amountForm', { separator: decimalSeparator === '.' ? 'point' : 'comma', example }),
      );
    } else if (value.isZero()) {
      problem('amount', t('mainPayouts.amountZero'));
    } else if (asset !== null && value.decimalPlaces() > asset.decimals) {
      problem('amount', t('mainPayouts.tooManyDecimals', { code: asset.code, decimals: asset.decimals }));
    }
    const reference = field('reference');
    if (reference !== '' && !referencePattern.test(reference)) {
      problem('reference', t('mainPayouts.referenceForm'));
    }
    const label = field('label');
    if (hasUnsafeCharacters(label) || label.length > 200) {
      problem('label', t('mainPayouts.labelForm'));
    }
    if (field('address') === '') problem('address', t('mainPayouts.addressEmpty'));
    rows.push({ line, asset, address: field('address'), amount: value?.toFixed() ?? null, value, reference, label });
  });
  if (rows.length === 0 && problems.length === 0) {
    problems.push({ line: 1, column: 'file', message: t('mainPayouts.noPayments') });
  }
  return { rows, problems };
}
