import { setTimeout as sleep } from 'node:timers/promises';
import { generateSync } from 'otplib';

const PERIOD = 30;

/**
 * A drift window for sandboxes started by tests (`totpWindowSteps`): many single-use codes are valid at
 * once, so a test never waits for the next 30 s step.
 */
export const WIDE_TOTP_WINDOW = 20;

/** The code of one 30 s time step. */
export function codeAt(totpSecret: string, step: number): string {
  return generateSync({ secret: totpSecret, epoch: step * PERIOD + 1 });
}

/**
 * Whether `step`'s code can only be read as `step` by a verifier allowing `windowSteps` of drift. Six digits
 * repeat: over a wide window two steps share a code now and then, and a verifier that meets the code at
 * another step of its window first (sandbox/totp-guard.ts takes the earliest) spends that step in its
 * name, so the other step's own code is later refused as used. A step within twice the window (plus the
 * step the request may cross into) can share a verifier's window with this one.
 */
export function codeIsUnambiguous(code: (step: number) => string, step: number, windowSteps: number): boolean {
  const mine = code(step);
  const reach = 2 * windowSteps + 1;
  for (let other = step - reach; other <= step + reach; other += 1) {
    if (other !== step && code(other) === mine) return false;
  }
  return true;
}

/**
 * Fresh two-factor codes for a sandbox user. The sandbox accepts each 30 s time step once (RFC 6238
 * 5.2) and `windowSteps` steps of drift either way, so this hands out unused steps nearest to now and
 * waits for the next step when the usable ones are spent. Codes are never reused unless asked for, and a
 * step whose code another step near it shares is never handed out (codeIsUnambiguous).
 */
export function createCodeSource(totpSecret: string, windowSteps = 1) {
  const used = new Set<number>();
  const known = new Map<number, string>();
  const code = (step: number) => {
    let found = known.get(step);
    if (found === undefined) {
      found = codeAt(totpSecret, step);
      known.set(step, found);
    }
    return found;
  };
  const usable = (step: number) => !used.has(step) && codeIsUnambiguous(code, step, windowSteps);
  let last: string | null = null;
  return Object.assign(
    async function nextCode(): Promise<string> {
      for (;;) {
        const seconds = Date.now() / 1000;
        const now = Math.floor(seconds / PERIOD);
        const intoStep = seconds - now * PERIOD;
        // Keep a margin so the step is still accepted when the request arrives a few seconds later.
        const candidates = [now];
        for (let offset = 1; offset <= windowSteps; offset += 1) {
          candidates.push(now + offset);
          if (offset < windowSteps || intoStep < PERIOD / 2) candidates.push(now - offset);
        }
        const step = candidates.find(usable);
        if (step !== undefined) {
          used.add(step);
          last = code(step);
          return last;
        }
        await sleep(((now + 1) * PERIOD - seconds) * 1000 + 100);
      }
    },
    {
      /** The code handed out last (for proving that a reused code is refused). */
      last: () => {
        if (last === null) throw new Error('no code handed out yet');
        return last;
      },
    },
  );
}
