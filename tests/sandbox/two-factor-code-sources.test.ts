import { afterEach, describe, expect, it, vi } from 'vitest';
import { TotpGuard } from '../../sandbox/totp-guard';
import { codeAt, createCodeSource, WIDE_TOTP_WINDOW } from '../support/two-factor-codes';
import { TotpSource } from './helpers';

// Six digits repeat: this secret gives steps 59860033 and 59860037 the same code (found by search, checked
// below). The sandbox's guard spends the earliest step of its window a code matches, so a source handing out
// both steps would have the second one refused as used, as withdraw-z-codes.test.ts once saw in CI.
const SECRET = 'YS62P7532O5JAOR7XAKQ3IX7CSCCYAKC';
const SHARED = [59860033, 59860037];
/** Five seconds into the step between them: both are within the wide window. */
const NOW_MS = (59860035 * 30 + 5) * 1000;

function guard() {
  const used = new Map<string, Set<number>>();
  return new TotpGuard(WIDE_TOTP_WINDOW, () => used);
}

describe('two-factor code sources for tests', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the chosen secret does give two nearby steps one code', () => {
    expect(codeAt(SECRET, SHARED[0] as number)).toBe(codeAt(SECRET, SHARED[1] as number));
  });

  it('createCodeSource hands out only codes the guard accepts, every one, across the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS });
    const nextCode = createCodeSource(SECRET, WIDE_TOTP_WINDOW);
    const totp = guard();
    const codes: string[] = [];
    // 41 steps in the window, less the two that share a code.
    for (let n = 0; n < 2 * WIDE_TOTP_WINDOW + 1 - SHARED.length; n += 1) codes.push(await nextCode());
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).not.toContain(codeAt(SECRET, SHARED[0] as number));
    for (const code of codes) expect(totp.consume('merchant', SECRET, code), code).toBe(true);
  });

  it('TotpSource passes over the shared steps and every code it gives is accepted', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS });
    const source = new TotpSource(SECRET, WIDE_TOTP_WINDOW);
    const totp = guard();
    const codes: string[] = [];
    for (;;) {
      try {
        codes.push(source.next());
      } catch {
        break;
      }
    }
    // 39 offsets (-19..19), less the two shared steps.
    expect(codes).toHaveLength(2 * WIDE_TOTP_WINDOW - 1 - SHARED.length);
    for (const code of codes) expect(totp.consume('merchant', SECRET, code), code).toBe(true);
  });
});
