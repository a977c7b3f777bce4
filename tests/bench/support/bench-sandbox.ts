import { startSandbox, type RunningSandbox } from '../../../sandbox/server';

/** The local sandbox a bench module measures against: quiet, and with the rate limit lifted. */
export function startBenchSandbox(): Promise<RunningSandbox> {
  // The bench measures speed, not throttling: hundreds of back-to-back calls would otherwise meet the
  // sandbox's token bucket (300 burst, 100/s) and time its 429s instead of its answers.
  return startSandbox({
    port: 0,
    quiet: true,
    rateLimit: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
  });
}
