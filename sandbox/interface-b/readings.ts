import { z } from 'zod';

/**
 * Where the spec is silent, the real service was built to accept what the vendor's own SDKs send, and
 * those disagree with each other and with our first reading. Each reading below is one answer
 * to one such silence; the sandbox plays whichever is set, so the app can be tested against every one.
 * The defaults are the sandbox as it always was (README "Wire readings").
 */
export const WireReadings = z
  .object({
    /**
     * How `Symbol` names an asset carried on several networks. `either`: the asset name plus NetworkId
     * (`USDT` + 4, as the SDKs send) or the network-specific code (`BSC-USD`); answers name the code.
     * `asset-name`: only the asset name (a network code such as `BSC-USD` is Z300), and answers name the
     * asset beside networkId, as the SDKs type them. `network-code`: only the network code (`USDT` + 4 is
     * Z300), answers name the code.
     */
    assetForm: z.enum(['either', 'asset-name', 'network-code']),
    /** Optional fields sent as JSON null (the Python SDK does): `refuse` answers Z600, `accept` reads them as absent. */
    nulls: z.enum(['refuse', 'accept']),
    /**
     * The HTTP status of a Z-code answer. `http-4xx`: 400 (429 for Z429), as the envelope's code.
     * `http-200`: HTTP 200 whatever the code, the envelope still saying `code` 400 (429) and the Z-code.
     */
    errorStatus: z.enum(['http-4xx', 'http-200']),
    /**
     * What a deposit's `Amount` counts. `crypto`: units of the asset (`Currency` changes nothing).
     * `fiat`: an amount of `Currency` (USD when absent), as the JavaScript SDK's README says.
     */
    depositAmount: z.enum(['crypto', 'fiat']),
    /**
     * The deposit-create answer. `full`: every field of spec 2.3. `sdk`: the SDK's declared shape only
     * (wallet, requestId, symbol, network, price without jpy).
     */
    depositAnswer: z.enum(['full', 'sdk']),
    /**
     * A `NetworkId` on deposit create, which spec 4.2 does not list for that call. `read`: it chooses the
     * network of a multi-network asset, as on deposit get. `ignore`: the asset's first network is used
     * whatever was asked, as a service that reads only the spec's fields would.
     */
    depositNetwork: z.enum(['read', 'ignore']),
    /**
     * The codes a withdrawal is refused with, where spec 7.2 shows none. `spec`: Z600 for each. `vendor`: the
     * vendor SDK's codes (docs/z-codes.md): an address that does not suit the network is Z511, an amount below
     * MIN_VENDOR_WITHDRAWAL is Z507, and a MerchantTransactionId already taken on is Z501 once its withdrawal
     * has moved money, Z519 while it has not yet (in either profile, instead of the kind profile's replay).
     */
    withdrawCodes: z.enum(['spec', 'vendor']),
  })
  .strict();
export type WireReadings = z.infer<typeof WireReadings>;

export const defaultReadings: Readonly<WireReadings> = Object.freeze({
  assetForm: 'either',
  nulls: 'refuse',
  errorStatus: 'http-4xx',
  depositAmount: 'crypto',
  depositAnswer: 'full',
  depositNetwork: 'read',
  withdrawCodes: 'spec',
});

/**
 * Body of POST /__sandbox/readings and `sandbox.setReadings`: any of the readings, nothing else. A reading
 * given as undefined is refused rather than spread over the one in force.
 */
export const WireReadingsInput = z
  .object({
    assetForm: WireReadings.shape.assetForm.exactOptional(),
    nulls: WireReadings.shape.nulls.exactOptional(),
    errorStatus: WireReadings.shape.errorStatus.exactOptional(),
    depositAmount: WireReadings.shape.depositAmount.exactOptional(),
    depositAnswer: WireReadings.shape.depositAnswer.exactOptional(),
    depositNetwork: WireReadings.shape.depositNetwork.exactOptional(),
    withdrawCodes: WireReadings.shape.withdrawCodes.exactOptional(),
  })
  .strict();
export type WireReadingsInput = z.infer<typeof WireReadingsInput>;

/** The readings in force, switchable at run time; `reset()` goes back to those given at start. */
export class ReadingSwitch {
  readonly initial: Readonly<WireReadings>;
  #current: WireReadings;

  constructor(initial: WireReadingsInput = {}) {
    this.initial = Object.freeze({ ...defaultReadings, ...WireReadingsInput.parse(initial) });
    this.#current = { ...this.initial };
  }

  get current(): Readonly<WireReadings> {
    return this.#current;
  }

  set(change: WireReadingsInput): Readonly<WireReadings> {
    this.#current = { ...this.#current, ...WireReadingsInput.parse(change) };
    return this.#current;
  }

  reset(): void {
    this.#current = { ...this.initial };
  }
}

/** A body with its null fields taken out (reading `nulls: accept`): null then means "not given". */
export function withoutNulls(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
}
