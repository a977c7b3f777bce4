import { setTimeout as sleep } from 'node:timers/promises';
import { generateSync } from 'otplib';

const PERIOD = 30;

/**
 * Two-factor codes for a merchant in tests. The sandbox accepts each time step once and one step of
 * drift either way, so at most three codes are usable at a time: this hands out unused steps and waits
 * for the next step when all three are spent.
 */
export function createCodeSource(totpSecret: string) {
  const used = new Set<number>();
  return async function nextCode(): Promise<string> {
    for (;;) {
      const now = Math.floor(Date.now() / 1000 / PERIOD);
      const step = [now, now + 1, now - 1].find((candidate) => !used.has(candidate));
      // now+1 is only safe well inside the current step; now-1 only early in it.
      if (step !== undefined) {
        used.add(step);
        return generateSync({ secret: totpSecret, epoch: step * PERIOD + 1 });
      }
      await sleep(((now + 1) * PERIOD - Date.now() / 1000) * 1000 + 50);
    }
  };
}
