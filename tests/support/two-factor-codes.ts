import { setTimeout as sleep } from 'node:timers/promises';
import { generateSync } from 'otplib';

const PERIOD = 30;

/**
 * A drift window for sandboxes started by tests (`totpWindowSteps`): many single-use codes are valid at
 * once, so a test never waits for the next 30 s step.
 */
export const WIDE_TOTP_WINDOW = 20;

/**
 * Fresh two-factor codes for a sandbox user. The sandbox accepts each 30 s time step once (RFC 6238
 * 5.2) and `windowSteps` steps of drift either way, so this hands out unused steps nearest to now and
 * waits for the next step when the usable ones are spent. Codes are never reused unless asked for.
 */
export function createCodeSource(totpSecret: string, windowSteps = 1) {
  const used = new Set<number>();
  const code = (step: number) => generateSync({ secret: totpSecret, epoch: step * PERIOD + 1 });
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
        const step = candidates.find((candidate) => !used.has(candidate));
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
