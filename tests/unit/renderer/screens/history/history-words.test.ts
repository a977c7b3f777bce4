import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assetWords, kindOf, withdrawTypeLabel } from '../../../../../src-renderer/src/screens/history/history-words';

const rendererRoot = join(import.meta.dirname, '../../../../../src-renderer/src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the History names things in words', () => {
  it('a record’s kind and asset are words, whatever number the service uses', () => {
    expect(kindOf({ type: 'Withdraw', withdrawType: 1 })).toBe('Send');
    expect(kindOf({ type: 'Withdraw', withdrawType: 2 })).toBe('Swap');
    expect(kindOf({ type: 'Deposit', withdrawType: 0 })).toBe('Deposit');
    expect(kindOf({ type: 'Withdraw', withdrawType: 17 })).toBe('Other withdrawal');
    expect(withdrawTypeLabel(17)).toBe('Other withdrawal');
    expect(assetWords({ symbol: 'BTC', symbolName: 'Bitcoin' })).toBe('Bitcoin (BTC)');
    expect(assetWords({ symbol: 'XYZ', symbolName: '' })).toBe('XYZ');
  });

  it('no screen writes the service’s internal field names or ids into its text', () => {
    const leaks: string[] = [];
    for (const path of sources(rendererRoot)) {
      const text = readFileSync(path, 'utf8');
      // JSX text or a template that shows withdrawType, symbolId or a bare "Type 3" to the user.
      for (const pattern of [/\(withdrawType \{/, /symbol id/i, /`Type \$\{/, /\(symbolId/, /withdrawType \{item/]) {
        if (pattern.test(text)) leaks.push(`${path.slice(rendererRoot.length + 1)}: ${pattern}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
