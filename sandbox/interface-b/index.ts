import type { Router } from '@koa/router';
import { DeferredCommits } from '../deferred-commits';
import type { SandboxFaults } from '../faults';
import { MovementLog } from '../movements';
import { ProfileSwitch } from '../profile';
import { ReadingSwitch } from './readings';
import { createInterfaceBControlRouter } from './control-routes';
import { CallbackShapeSwitch } from '../callbacks/sdk-shape';
import { createInterfaceBRouter } from './routes';
import { createSigningControlRouter } from './signing-routes';
import { InterfaceBStore, type InterfaceBShared, type MerchantAccountLink } from './store';

export type { CommittedWithdrawal, InterfaceBShared, MerchantAccountLink, ReceivedDeposit } from './store';

export interface InterfaceB {
  /** The 7 endpoints of spec 4.2 under /v1. */
  router: Router;
  /** POST /__sandbox/deposit (simulated deposit and callback delivery). */
  controlRouter: Router;
  /** Seeded merchant identities, for /__sandbox/info. */
  merchants(): Array<{ name: string; publicKey: string; secretKey: string; email: string; totpSecret: string }>;
  /** Profile, movement log and late commits in use (the caller's, or Interface B's own when run alone). */
  shared: InterfaceBShared;
  /**
   * Back to the seed: balances, verifications, withdrawals, deposit addresses, rate limits; when Interface
   * B runs alone, also its own profile, movements and pending late commits (a host resets shared ones).
   */
  reset(): void;
}

export function createInterfaceB(options: {
  seed: number;
  faults: SandboxFaults;
  log?: (line: string) => void;
  /**
   * Told the line saying what amount a verification start sent, also when `log` is silent (the harness,
   * which runs a quiet sandbox, prints it).
   */
  onVerificationSent?: (line: string) => void;
  /** Steps of clock drift accepted for two-factor codes either way (README). */
  totpWindowSteps?: number;
  /** Refuse requests without a valid X-Signature (README "Request signing"); default off. */
  requireRequestSignature?: boolean;
  /** Shape of deposit callbacks (README "Callback shapes"); the caller's, or Interface B's own ('spec'). */
  callbackShapes?: CallbackShapeSwitch;
  /** Shared with Interface A by the sandbox server; Interface B alone makes its own (kind profile). */
  profile?: ProfileSwitch;
  /** Shared with the sandbox server (control API, info); Interface B alone makes its own (defaults). */
  readings?: ReadingSwitch;
  movements?: MovementLog;
  deferred?: DeferredCommits;
  /** Where withdrawals show up in Interface A history; none when Interface B runs alone. */
  accounts?: MerchantAccountLink;
}): InterfaceB {
  const log = options.log ?? (() => undefined);
  const shared: InterfaceBShared = {
    profile: options.profile ?? new ProfileSwitch(),
    readings: options.readings ?? new ReadingSwitch(),
    movements: options.movements ?? new MovementLog(),
    deferred: options.deferred ?? new DeferredCommits(log),
    accounts: options.accounts ?? null,
  };
  const store = new InterfaceBStore(
    options.seed,
    options.totpWindowSteps ?? 1,
    shared,
    options.requireRequestSignature ?? false,
  );
  const shapes = options.callbackShapes ?? new CallbackShapeSwitch();
  const controlRouter = createInterfaceBControlRouter(store, log, shapes);
  controlRouter.use(createSigningControlRouter(store, log).routes());
  return {
    router: createInterfaceBRouter(store, options.faults, log, (line) => {
      log(line);
      options.onVerificationSent?.(line);
    }),
    controlRouter,
    merchants: () =>
      store.merchants.map(({ name, publicKey, secretKey, email, totpSecret }) => ({
        name,
        publicKey,
        secretKey,
        email,
        totpSecret,
      })),
    shared,
    reset: () => {
      store.reset();
      if (!options.profile) shared.profile.reset();
      if (!options.callbackShapes) shapes.reset();
      if (!options.readings) shared.readings.reset();
      if (!options.movements) shared.movements.reset();
      if (!options.deferred) shared.deferred.cancelAll();
    },
  };
}
