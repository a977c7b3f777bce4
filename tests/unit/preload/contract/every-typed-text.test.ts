import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { operationNames, operations } from '../../../../src-preload/contract';

/**
 * security.md 34: every text the bridge takes, in every operation, refuses control characters, text-direction
 * marks, invisible format characters and lone surrogates. The walk finds each string field of each input
 * schema, so a field added later is held to the rule without anyone listing it here.
 */
const refused = [
  ['a right-to-left override', 'Pay\u202Eroll'],
  ['a left-to-right embedding', 'Pay\u202Aroll'],
  ['a first-strong isolate', 'Pay\u2068roll'],
  ['a pop directional isolate', 'Pay\u2069roll'],
  ['a left-to-right mark', 'Pay\u200Eroll'],
  ['a right-to-left mark', 'Pay\u200Froll'],
  ['an Arabic letter mark', 'Pay\u061Croll'],
  ['a zero-width space', 'Pay\u200Broll'],
  ['a soft hyphen', 'Pay\u00ADroll'],
  ['a byte-order mark', 'Pay\uFEFFroll'],
  ['NUL', 'Pay\u0000roll'],
  ['a tab', 'Pay\troll'],
  ['an escape', 'Pay\u001Broll'],
  ['DEL', 'Pay\u007Froll'],
  ['a C1 control', 'Pay\u0085roll'],
  ['a line separator', 'Pay\u2028roll'],
  ['a lone high surrogate', 'Pay\uD800roll'],
  ['a lone low surrogate', 'Pay\uDC00roll'],
  ['a lone surrogate at the end', 'Payroll\uD83D'],
] as const;

/**
 * Fields where line breaks are the content itself (PEM keys, a BIP-329 labels file of JSON lines); every
 * other character above is still refused.
 */
const lineFeedAllowed = new Set<string>([
  'merchant.signingImport:privateKeyPem',
  'clipboard.copy:text',
  'history.previewLabelImport:text',
]);

/**
 * The deposit callback pasted into the checker: its exact bytes are what a signature covers, so it is taken
 * as it is; it is checked on this computer, never sent to the service nor stored.
 */
const takenAsItIs = new Set<string>(['merchant.callbackCheck:body']);

interface Leaf {
  readonly path: string;
  readonly schema: z.ZodType;
}

function stringLeaves(schema: z.ZodType, path: string, into: Leaf[], seen = new Set<z.ZodType>()): Leaf[] {
  if (seen.has(schema)) return into;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (inner: unknown, at: string) => stringLeaves(inner as z.ZodType, at, into, seen);
  switch (def.type) {
    case 'string':
      into.push({ path, schema });
      break;
    case 'object':
      for (const [key, value] of Object.entries(def['shape'] as Record<string, unknown>))
        walk(value, `${path}${path.endsWith(':') ? '' : '.'}${key}`);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      walk(def['innerType'], path);
      break;
    case 'array':
      walk(def['element'], `${path}[]`);
      break;
    case 'union':
      (def['options'] as unknown[]).forEach((option, index) => walk(option, `${path}|${String(index)}`));
      break;
    case 'intersection':
      walk(def['left'], path);
      walk(def['right'], path);
      break;
    case 'pipe':
      walk(def['in'], path);
      break;
    case 'record':
      walk(def['keyType'], `${path}{key}`);
      walk(def['valueType'], `${path}{}`);
      break;
    case 'tuple':
      (def['items'] as unknown[]).forEach((item, index) => walk(item, `${path}[${String(index)}]`));
      break;
    case 'lazy':
      walk((def['getter'] as () => unknown)(), path);
      break;
    default:
      break;
  }
  return into;
}

const allLeaves = operationNames.flatMap((name) => stringLeaves(operations[name].input, `${name}:`, []));
const leaves = allLeaves.filter((leaf) => !takenAsItIs.has(leaf.path));

describe('every text field of the bridge refuses what would hide or reorder text', () => {
  it('finds the text fields of the contract (the walk sees into objects, unions and arrays)', () => {
    const paths = allLeaves.map((leaf) => leaf.path);
    for (const expected of [
      'send.confirm:description',
      'history.saveFilters:filter',
      'history.page:filter',
      'merchant.saveKeys:publicKey',
      'merchant.saveKeys:secretKey',
      'merchant.signingImport:privateKeyPem',
      'addressBook.save:name',
      'environments.save:issuer',
      ...takenAsItIs,
    ])
      expect(
        paths.some((path) => path.startsWith(expected)),
        expected,
      ).toBe(true);
  });

  it.each(refused)('%s is refused by every text field of every operation', (_name, text) => {
    const accepted = leaves.filter((leaf) => leaf.schema.safeParse(text).success).map((leaf) => leaf.path);
    expect(accepted).toEqual([]);
  });

  it('a line break is refused everywhere but in a PEM key, where lines are the content', () => {
    for (const text of ['Pay\nroll', 'Pay\r\nroll']) {
      const accepted = leaves.filter((leaf) => leaf.schema.safeParse(text).success).map((leaf) => leaf.path);
      expect(accepted.filter((path) => !lineFeedAllowed.has(path))).toEqual([]);
    }
    const pem = '-----BEGIN PRIVATE KEY-----\r\nMIIB\r\n-----END PRIVATE KEY-----';
    expect(
      leaves.find((leaf) => leaf.path === 'merchant.signingImport:privateKeyPem')?.schema.safeParse(pem).success,
    ).toBe(true);
  });

  it('plain text in any script, emoji and the joiners they need still passes the rule', () => {
    const text = leaves.find((leaf) => leaf.path === 'send.confirm:description')?.schema;
    for (const sample of ['Miete März – Büro', 'إيجار', '家賃 🏠', 'می\u200Cخواهم', '👩\u200D💻 payroll', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢'])
      expect(text?.safeParse(sample).success, sample).toBe(true);
  });
});
