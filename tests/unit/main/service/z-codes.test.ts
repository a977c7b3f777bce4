import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isNothingMovedRefusal } from '../../../../src-main/features/money/refusals';
import { UnknownWithdrawalError, withdrawErrorFor } from '../../../../src-main/service/interface-b-errors';
import { interfaceARefusals } from '../../../../src-main/service/interface-a-refusals';
import { readingOf, zCodes, type InterfaceBOperation } from '../../../../src-main/service/z-codes';

const root = join(__dirname, '../../../..');
const doc = readFileSync(join(root, 'docs/z-codes.md'), 'utf8');
// The codes the vendor's material lists: design.md "More facts from the vendor's public material (paybin-js types and examples, the developer site's error pages)".
const vendorFacts = readFileSync(join(root, 'docs', ['design', 'md'].join('.')), 'utf8');
const spec = readFileSync(join(root, 'docs/service-interface.md'), 'utf8');

const operations: readonly InterfaceBOperation[] = [
  'withdraw',
  'verify-start',
  'verify-confirm',
  'withdrawable',
  'deposit-create',
  'deposit-get',
  'balances',
];

/** The rows of one of docs/z-codes.md's tables (those whose first cell matches), cells trimmed. */
function docRows(first: RegExp = /^Z\d+$/): string[][] {
  return doc
    .split('\n')
    .filter((line) => line.startsWith('|') && first.test(line.split('|')[1]?.trim() ?? ''))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/** A consistent refusal-shaped answer to a withdrawal: envelope 400, data null, on HTTP 400. */
const answer = (zcode: string) => ({ status: 400, zcode, envelopeCode: 400, dataIsNull: true, extraFields: false });

describe('the Z-code table (docs/z-codes.md) and the data the error mapping reads', () => {
  it('the document lists exactly the data, row for row: code, meaning, source, reading and the withdrawal’s words', () => {
    expect(docRows()).toEqual(
      zCodes.map((entry) => [entry.code, entry.meaning, entry.source, entry.reading, entry.words('withdraw')]),
    );
  });

  it('Interface A’s refusals in the document are the data the error mapping reads, each proving nothing moved', () => {
    expect(docRows(/^\d{3}$/)).toEqual(
      interfaceARefusals.map((refusal) => [
        String(refusal.status),
        refusal.message,
        refusal.source,
        'refusal',
        refusal.appCode,
      ]),
    );
    for (const refusal of interfaceARefusals) expect(isNothingMovedRefusal({ code: refusal.appCode })).toBe(true);
  });

  it('every code the material lists (spec 7.2 and the design notes’ vendor facts) has a reading of its own', () => {
    const section = (text: string, from: string, to: string) => text.slice(text.indexOf(from), text.indexOf(to));
    const listed = new Set([
      ...section(spec, '### 7.2 Interface B', '## 8. Limits').match(/Z\d{3}/g)!,
      ...section(vendorFacts, '- Z-codes beyond the spec', '- The verification hashes').match(/Z\d{3}/g)!,
    ]);
    expect(listed.size).toBe(33);
    const known = new Set(zCodes.map((entry) => entry.code));
    expect([...listed].filter((code) => !known.has(code))).toEqual([]);
    expect(new Set(zCodes.map((entry) => entry.code)).size).toBe(zCodes.length);
  });

  it('every code has whole-sentence words for every call, naming the code', () => {
    for (const entry of zCodes)
      for (const operation of operations) {
        const words = entry.words(operation);
        expect(words, `${entry.code} on ${operation}`).toMatch(/^[A-Z].*\.$/s);
        expect(words).toContain(entry.code);
      }
  });

  it('a refusal’s app code is one the ledger trusts to mean nothing moved; no other reading’s words claim so', () => {
    for (const entry of zCodes) {
      if (entry.reading === 'refusal') expect(isNothingMovedRefusal({ code: entry.appCode }), entry.code).toBe(true);
      else expect(entry.words('withdraw'), entry.code).not.toMatch(/no money moved|nothing moved/i);
    }
  });
});

describe('a withdrawal’s answer read by the table', () => {
  it.each(['Z204', 'Z505', 'Z507', 'Z511', 'Z521', 'Z523', 'Z531', 'Z533', 'Z540', 'Z700'])(
    '%s proves nothing moved: a refusal in words, not an unknown outcome',
    (zcode) => {
      const error = withdrawErrorFor(answer(zcode));
      expect(error.code).not.toBe('outcome_unknown');
      expect(isNothingMovedRefusal(error)).toBe(true);
      expect(error.message).toContain(zcode);
    },
  );

  it.each([
    ['Z501', 'earlier-withdrawal'],
    ['Z519', 'earlier-withdrawal'],
    ['Z509', 'awaiting-approval'],
    ['Z529', 'unknown'],
    ['Z517', 'unknown'],
    ['Z100', 'unknown'],
    ['Z998', 'unknown'],
  ] as const)('%s leaves the outcome unknown, with what follows it: %s', (zcode, reading) => {
    const error = withdrawErrorFor(answer(zcode));
    expect(error).toBeInstanceOf(UnknownWithdrawalError);
    expect(error.code).toBe('outcome_unknown');
    expect((error as UnknownWithdrawalError).reading).toBe(reading);
    expect(readingOf(zcode)).toBe(reading);
  });

  it('Z509 says the withdrawal waits for e-mail approval, and that it must not be entered again', () => {
    const { message } = withdrawErrorFor(answer('Z509'));
    expect(message).toMatch(/waiting for your e-mail approval \(Z509\)/);
    expect(message).toMatch(/Do not enter it again/);
  });

  it('a refusal code on an answer whose parts disagree is still unknown', () => {
    const error = withdrawErrorFor({ ...answer('Z507'), status: 503 });
    expect(error).toMatchObject({ code: 'outcome_unknown', reading: 'unknown' });
  });
});
