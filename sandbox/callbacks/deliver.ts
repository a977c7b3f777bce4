import { setTimeout as sleep } from 'node:timers/promises';
import { SDK_SIGNATURE_HEADER, sdkDepositCallback, type CallbackShape } from './sdk-shape';
import { signDepositEvent, type DepositEvent, type DepositEventFields } from './signature';

export interface DeliveryOptions {
  /** Spec 6 rule 3: "retries delivery up to 3 times", read as 1 attempt + 3 retries. */
  retries?: number;
  /** Pause between attempts; the spec does not give one (rule 4). */
  retryDelayMs?: number | undefined;
  /** How long one attempt waits for the receiver's answer. */
  timeoutMs?: number | undefined;
  log?: (line: string) => void;
  /** `spec` (default): the spec 6 body. `sdk`: the vendor SDK's webhook (README "Callback shapes"). */
  shape?: CallbackShape;
  /** The deposit request id the SDK shape reports (the address's requestId where there is one). */
  requestId?: string | undefined;
}

export interface DeliveryAttempt {
  attempt: number;
  /** HTTP status the receiver answered, or null when no answer came. */
  status: number | null;
  error?: string;
}

export interface DeliveryReport {
  /** The spec 6 event with its Signature and Hash (also for the SDK shape, whose body is derived from it). */
  event: DepositEvent;
  shape: CallbackShape;
  /** The exact text POSTed, and the SDK shape's signature header (null for the spec shape). */
  body: string;
  signatureHeader: string | null;
  delivered: boolean;
  attempts: DeliveryAttempt[];
}

export const DEFAULT_DELIVERY = { retries: 3, retryDelayMs: 250, timeoutMs: 5_000 } as const;

/**
 * Signs the spec 6 deposit event with the merchant's secret and POSTs it to the callback URL until the
 * receiver answers 200 OK (rule 2: that exact status is the acknowledgement) or the retries run out.
 * Shared by Interface A and Interface B deposit addresses.
 */
export async function deliverDepositCallback(
  target: { callbackUrl: string; secretKey: string },
  event: DepositEventFields,
  options: DeliveryOptions = {},
): Promise<DeliveryReport> {
  const retries = options.retries ?? DEFAULT_DELIVERY.retries;
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_DELIVERY.retryDelayMs;
  const timeoutMs = options.timeoutMs ?? DEFAULT_DELIVERY.timeoutMs;
  const signed = signDepositEvent(event, target.secretKey);
  const shape = options.shape ?? 'spec';
  const sdk =
    shape === 'sdk'
      ? sdkDepositCallback(event, target.secretKey, options.requestId ?? `order-${event.OrderId}`, new Date())
      : null;
  const body = sdk ? sdk.body : JSON.stringify(signed);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (sdk) headers[SDK_SIGNATURE_HEADER] = sdk.signature;
  const report = { event: signed, shape, body, signatureHeader: sdk?.signature ?? null };
  const attempts: DeliveryAttempt[] = [];
  for (let attempt = 1; attempt <= retries + 1; attempt += 1) {
    if (attempt > 1 && retryDelayMs > 0) await sleep(retryDelayMs);
    try {
      const response = await fetch(target.callbackUrl, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      attempts.push({ attempt, status: response.status });
      options.log?.(`deposit callback order ${signed.OrderId} attempt ${attempt}: HTTP ${response.status}`);
      if (response.status === 200) return { ...report, delivered: true, attempts };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      attempts.push({ attempt, status: null, error: message });
      options.log?.(`deposit callback order ${signed.OrderId} attempt ${attempt}: no answer (${message})`);
    }
  }
  return { ...report, delivered: false, attempts };
}
