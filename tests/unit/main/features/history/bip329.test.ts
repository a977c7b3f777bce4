import { describe, expect, it } from 'vitest';
import {
  parseBip329,
  planLabelImport,
  toBip329,
  type Bip329Label,
} from '../../../../../src-main/features/history/bip329';

const labels: Bip329Label[] = [
  {
    type: 'tx',
    ref: 'f91d0a8a78462bc59398f2c5d7a84fcff491c26ba54c4833478b202796c8aafd',
    label: 'Office rent, "November"',
  },
  { type: 'addr', ref: 'bc1q34aq5drpuwy3wgl9lhup9892qp6svr8ldzyy7c', label: 'Supplier' },
  { type: 'tx', ref: '0xabc', label: 'Payroll · März' },
];

describe('BIP-329 labels', () => {
  it('round-trips: what is written reads back as the same labels, one JSON object per line', () => {
    const text = toBip329(labels);
    expect(text.split('\n')).toHaveLength(labels.length + 1);
    for (const line of text.trim().split('\n'))
      expect(Object.keys(JSON.parse(line) as object)).toEqual(['type', 'ref', 'label']);
    expect(parseBip329(text)).toEqual({ labels, otherTypes: 0, problems: [] });
  });

  it('reads other wallets’ files: other types counted, bad lines named, later lines win', () => {
    const text = [
      '{"type":"xpub","ref":"xpub661MyMwAqRbcF","label":"Cold"}',
      'not json',
      '{"type":"tx","label":"no ref"}',
      '{"type":"tx","ref":"aa","label":"Pay\u202Eroll"}',
      '{"type":"tx","ref":"bb","label":"first","origin":"wpkh([d34db33f/84\'/0\'/0\'])"}',
      '{"type":"tx","ref":"bb","label":"second"}',
      '',
    ].join('\r\n');
    const parsed = parseBip329(text);
    expect(parsed.labels).toEqual([{ type: 'tx', ref: 'bb', label: 'second' }]);
    expect(parsed.otherTypes).toBe(1);
    expect(parsed.problems).toEqual([
      'Line 2 is not JSON.',
      'Line 3 is not a label: it needs a type and a ref.',
      expect.stringMatching(/^Line 4: Remove line breaks/),
    ]);
  });

  it('plans an import without changing anything, and never takes a differing label as a plain add', () => {
    const mine = new Map<string, string | null>([
      [labels[0]!.ref, ''],
      [labels[1]!.ref, 'Supplier'],
      [labels[2]!.ref, 'My own words'],
    ]);
    const plan = planLabelImport([...labels, { type: 'tx', ref: 'elsewhere', label: 'x' }], (entry) =>
      mine.has(entry.ref) ? mine.get(entry.ref)! : null,
    );
    expect(plan).toEqual({
      add: [{ type: 'tx', ref: labels[0]!.ref, from: '', to: labels[0]!.label }],
      replace: [{ type: 'tx', ref: '0xabc', from: 'My own words', to: 'Payroll · März' }],
      unchanged: 1,
      notFound: 1,
    });
  });
});
