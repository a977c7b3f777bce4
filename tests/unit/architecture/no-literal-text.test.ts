import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { literalSentences, root, textSources } from './literal-text';

/**
 * Table columns that hold other systems' own words, never translated: the service's, which the app matches
 * answers against or prints in docs/z-codes.md (what people read comes from the same rows' catalogue
 * messages), and the column names and kinds of movement a tax tool's import format fixes (docs/exports.md).
 */
const serviceWording: Readonly<Record<string, ReadonlySet<string>>> = {
  'src-main/service/z-codes.ts': new Set(['meaning']),
  'src-main/service/interface-a-refusals.ts': new Set(['message']),
  'src-main/features/history/export-presets.ts': new Set(['header']),
  'src-preload/contract/history-limits.ts': new Set(['withdrawTypeLabels']),
};

const sentencesIn = (file: string): string[] => literalSentences(resolve(root, file), serviceWording[file]);

describe('texts for people come from the catalogues', () => {
  it('writes no sentence into the code of main, the preload or the renderer outside the catalogues', () => {
    // Every file of main, the preload (the contract's input issues are message ids) and the renderer; JSX
    // itself is held by eslint's formatjs rule (eslint.config.js).
    const written = textSources().flatMap((file) => sentencesIn(file).map((found) => `${file}:${found}`));
    expect(written).toEqual([]);
  });

  it('finds a sentence where there is one (the scan is not blind)', () => {
    expect(literalSentences(resolve(import.meta.dirname, 'literal-text-sample.ts'))).toEqual([
      '4: The service could not be reached, so this was not sent.',
      '5: Nothing  x  moved.',
      '9: Withdrawal amount too small',
      '9: The amount is below what the network accepts.',
      '10: Net Worth Amount',
      '11: An earlier request',
      '12: No file was saved.',
      '14: Merchant API withdrawal',
    ]);
  });

  it('leaves only the named column or table of a service alone', () => {
    const sample = resolve(import.meta.dirname, 'literal-text-sample.ts');
    expect(literalSentences(sample, new Set(['meaning', 'header', 'kinds']))).toEqual([
      '4: The service could not be reached, so this was not sent.',
      '5: Nothing  x  moved.',
      '9: The amount is below what the network accepts.',
      '11: An earlier request',
      '12: No file was saved.',
    ]);
  });
});
