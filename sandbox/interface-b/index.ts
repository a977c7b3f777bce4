import type { Router } from '@koa/router';
import type { SandboxFaults } from '../faults';
import { createInterfaceBControlRouter } from './control-routes';
import { createInterfaceBRouter } from './routes';
import { InterfaceBStore } from './store';

export interface InterfaceB {
  /** The 7 endpoints of spec 4.2 under /v1. */
  router: Router;
  /** POST /__sandbox/deposit (simulated deposit and callback delivery). */
  controlRouter: Router;
  /** Seeded merchant identities, for /__sandbox/info. */
  merchants(): Array<{ name: string; publicKey: string; secretKey: string; email: string; totpSecret: string }>;
  /** Back to the seed: balances, verifications, withdrawals, deposit addresses, rate limits. */
  reset(): void;
}

export function createInterfaceB(options: {
  seed: number;
  faults: SandboxFaults;
  log?: (line: string) => void;
  /** Steps of clock drift accepted for two-factor codes either way (README). */
  totpWindowSteps?: number;
}): InterfaceB {
  const log = options.log ?? (() => undefined);
  const store = new InterfaceBStore(options.seed, options.totpWindowSteps ?? 1);
  return {
    router: createInterfaceBRouter(store, options.faults, log),
    controlRouter: createInterfaceBControlRouter(store, log),
    merchants: () =>
      store.merchants.map(({ name, publicKey, secretKey, email, totpSecret }) => ({
        name,
        publicKey,
        secretKey,
        email,
        totpSecret,
      })),
    reset: () => store.reset(),
  };
}
