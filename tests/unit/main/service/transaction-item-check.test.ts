import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { TransactionItem } from '../../../../src-main/service/interface-a-transaction-schemas';
import { CHECKED_ITEM_FIELDS, checkedTransactionItem } from '../../../../src-main/service/transaction-item-check';

const good = {
  symbolId: 9,
  symbol: 'BSC-USDC',
  symbolName: 'USD Coin',
  displayName: 'USDC (BEP-20)',
  address: '0xC558DB3e2C152fA96Bc8B62b33e72Bff40F2793a',
  txId: '0xf57485f0',
  amount: 1314.518599,
  status: 'Completed',
  type: 'Withdraw',
  date: '2026-11-20T11:37:42.474Z',
  value: 1643.15,
  referenceId: '3a6e713f-11cb-440c-af5d-2b81e5c32c0e',
  label: 'Refund 1433',
  merchantTransactionId: 'MTX-656425',
  to: '0x2809f0F4B05663b96e1E9B65Ce58B354798E3b2b',
  withdrawType: 3,
  prices: { usd: 1.25, eur: 1.15, gbp: 0.99, try: 42.75, jpy: 189.13 },
  isAutoCollected: false,
  fee: 0.5,
};

/** Values of every JSON kind (and what JSON.parse makes of an overlong number), plus a left-out field. */
const ABSENT = Symbol('absent');
const replacements: readonly unknown[] = [
  ABSENT,
  undefined,
  null,
  0,
  -0,
  -1,
  2.5,
  JSON.parse('1e400'),
  '',
  'text',
  // Strings a length limit, a refinement or a transform (trim, lower case) would treat differently.
  ' padded Text ',
  '\u202eevil\u202c',
  '\u0000\u0007\u001b[31m',
  'x'.repeat(100_000),
  true,
  false,
  [],
  [1],
  {},
  { usd: 1, eur: 1, gbp: 1, try: 1, jpy: 1 },
];

function withField(base: Record<string, unknown>, field: string, replacement: unknown): Record<string, unknown> {
  const copy = { ...base };
  if (replacement === ABSENT) delete copy[field];
  else copy[field] = replacement;
  return copy;
}

/** Every item with one field (or one price) replaced by every kind of value. */
function variants(): Array<{ what: string; value: unknown }> {
  const out: Array<{ what: string; value: unknown }> = [];
  for (const field of CHECKED_ITEM_FIELDS) {
    for (const replacement of replacements)
      out.push({ what: `${field}: ${String(replacement)}`, value: withField(good, field, replacement) });
  }
  for (const price of Object.keys(good.prices)) {
    for (const replacement of replacements) {
      out.push({
        what: `prices.${price}: ${String(replacement)}`,
        value: { ...good, prices: withField(good.prices, price, replacement) },
      });
    }
  }
  return out;
}

/**
 * A field's definition as text: its wrappers, its type and every check on it.
 * A transform shows as a pipe and a length limit or refinement as a check, which the fast check would skip.
 */
function definitionOf(schema: z.core.$ZodType): string {
  const def = schema._zod.def;
  if (def.type === 'optional' || def.type === 'nullable') {
    const inner = (def as z.core.$ZodOptionalDef | z.core.$ZodNullableDef).innerType;
    return `${definitionOf(inner)}|${def.type === 'optional' ? 'undefined' : 'null'}`;
  }
  if (def.type === 'object') {
    const shape = (def as z.core.$ZodObjectDef).shape;
    const fields = Object.entries(shape).map(([key, field]) => `${key}:${definitionOf(field)}`);
    return `{${fields.join(',')}}`;
  }
  const checks = (def.checks ?? []).map((check) => JSON.stringify(check._zod.def));
  return [def.type, ...checks].join(' ');
}

describe('checkedTransactionItem', () => {
  it('mirrors schema fields that hold no check or transform beyond what it tests', () => {
    const number = 'number';
    const prices = `{usd:${number},eur:${number},gbp:${number},try:${number},jpy:${number}}`;
    const feeCheck = JSON.stringify({ check: 'greater_than', value: 0, inclusive: true });
    expect(
      Object.fromEntries(Object.entries(TransactionItem.shape).map(([key, field]) => [key, definitionOf(field)])),
    ).toEqual({
      symbolId: number,
      symbol: 'string',
      symbolName: 'string',
      displayName: 'string',
      address: 'string',
      txId: 'string|null|undefined',
      amount: number,
      status: 'string',
      type: 'string',
      date: 'string',
      value: number,
      referenceId: 'string',
      label: 'string',
      merchantTransactionId: 'string',
      to: 'string|null|undefined',
      withdrawType: number,
      prices,
      isAutoCollected: 'boolean',
      fee: `number ${feeCheck}|null|undefined`,
    });
  });

  it('knows exactly the fields of the TransactionItem schema', () => {
    expect([...CHECKED_ITEM_FIELDS]).toEqual(Object.keys(TransactionItem.shape));
  });

  it('accepts what the schema accepts and nothing else, and reads it as the schema does', () => {
    const all = [
      ...variants(),
      { what: 'not an object', value: 'item' },
      { what: 'null', value: null },
      { what: 'an array', value: [good] },
      { what: 'prices an array', value: { ...good, prices: [1, 1, 1, 1, 1] } },
    ];
    let accepted = 0;
    for (const { what, value } of all) {
      const schema = TransactionItem.safeParse(value);
      const checked = checkedTransactionItem(value);
      expect(checked !== null, what).toBe(schema.success);
      if (checked !== null) {
        accepted += 1;
        // toEqual: a left-out optional field reads as undefined, as the schema's does.
        expect(checked, what).toEqual(schema.data);
      }
    }
    // Both ways are exercised: many variants pass (optional fields, other numbers), many do not.
    expect(accepted).toBeGreaterThan(50);
    expect(all.length - accepted).toBeGreaterThan(200);
  });

  it('drops fields the schema does not know, in the item and in its prices', () => {
    const checked = checkedTransactionItem({ ...good, secret: 'x', prices: { ...good.prices, btc: 1 } });
    expect(checked).toEqual(TransactionItem.parse(good));
    expect(checked).not.toHaveProperty('secret');
    expect(checked?.prices).not.toHaveProperty('btc');
  });
});

describe('checkedTransactionItem on what JSON.parse makes', () => {
  const { fee: _fee, ...withoutFee } = good;
  const { symbolId, ...afterSymbolId } = good;
  const cases: ReadonlyArray<{ what: string; value: Record<string, unknown> }> = [
    { what: 'every field, in the schema order', value: good },
    { what: 'an optional field left out', value: withoutFee },
    { what: 'optional fields null', value: { ...good, txId: null, to: null, fee: null } },
    { what: 'a field out of order', value: { ...afterSymbolId, symbolId } },
    { what: 'prices out of order', value: { ...good, prices: { jpy: 1, usd: 1, eur: 1, gbp: 1, try: 1 } } },
    { what: 'a field the schema does not know', value: { ...good, extra: 'x' } },
    { what: 'a price the schema does not know', value: { ...good, prices: { ...good.prices, btc: 1 } } },
  ];

  it('gives the schema’s fields, values and order, whether it keeps the parsed object or builds one', () => {
    for (const { what, value } of cases) {
      const parsed: unknown = JSON.parse(JSON.stringify(value));
      const schema = TransactionItem.parse(parsed);
      const checked = checkedTransactionItem(parsed);
      expect(checked, what).toEqual(schema);
      // Order matters to a reader that writes the item out whole (JSON.stringify).
      expect(
        Object.keys(checked ?? {}).filter((key) => checked?.[key as keyof TransactionItem] !== undefined),
        what,
      ).toEqual(Object.keys(schema));
      expect(Object.keys(checked?.prices ?? {}), what).toEqual(Object.keys(schema.prices));
    }
  });

  it('hands on the parsed object itself only when it is already the schema’s', () => {
    const same = (value: Record<string, unknown>) => {
      const parsed: unknown = JSON.parse(JSON.stringify(value));
      return checkedTransactionItem(parsed) === parsed;
    };
    expect(cases.map(({ what, value }) => [what, same(value)])).toEqual([
      ['every field, in the schema order', true],
      ['an optional field left out', true],
      ['optional fields null', true],
      ['a field out of order', false],
      ['prices out of order', false],
      ['a field the schema does not know', false],
      ['a price the schema does not know', false],
    ]);
  });
});
