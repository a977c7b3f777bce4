import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { DepositEventFields } from './signature';

/** Which deposit callback a receiver gets (README "Callback shapes"). */
export const CallbackShape = z.enum(['spec', 'sdk']);
export type CallbackShape = z.infer<typeof CallbackShape>;

/** The header the vendor SDK's webhook helpers read the signature from. */
export const SDK_SIGNATURE_HEADER = 'X-Paybin-Signature';

/**
 * The deposit webhook as the vendor's JavaScript SDK types it (camelCase, no address, no price), signed the
 * way its helpers verify it: lowercase hex HMAC-SHA256 of the raw body text with the merchant's secret key,
 * in the X-Paybin-Signature header. The spec describes only its own shape; this one is the SDK's reading.
 */
export function sdkDepositCallback(
  event: DepositEventFields,
  secretKey: string,
  requestId: string,
  at: Date,
): { body: string; signature: string } {
  const body = JSON.stringify({
    requestId,
    symbol: event.Symbol,
    amount: event.Amount,
    txId: event.UniqueId,
    status: 'confirmed',
    confirmations: 12,
    timestamp: at.toISOString(),
    referenceId: event.ReferenceId,
  });
  return { body, signature: createHmac('sha256', secretKey).update(body, 'utf8').digest('hex') };
}

/** The shape now in force; a reset returns to the one given at start. */
export class CallbackShapeSwitch {
  #current: CallbackShape;

  constructor(private readonly start: CallbackShape = 'spec') {
    this.#current = start;
  }

  get current(): CallbackShape {
    return this.#current;
  }

  set(shape: CallbackShape): CallbackShape {
    this.#current = shape;
    return shape;
  }

  reset(): void {
    this.#current = this.start;
  }
}
