import { z } from 'zod';

/**
 * The response envelope shared by both interfaces (spec 2.1). Success is `code` 200; on error `data` is
 * `false` (Interface A) or `null` (Interface B) and `message` says why.
 */
export function envelopeOf<T extends z.ZodType>(data: T) {
  const known = envelopes.get(data);
  if (known) return known as SuccessEnvelope<T>;
  const envelope = successEnvelope(data);
  envelopes.set(data, envelope);
  return envelope;
}

function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    apiVersion: z.string(),
    data,
    code: z.literal(200),
    message: z.string(),
  });
}
type SuccessEnvelope<T extends z.ZodType> = ReturnType<typeof successEnvelope<T>>;

/**
 * One envelope per result schema: zod compiles an object schema on its first parse, so building the
 * envelope afresh for every call would pay that compilation on every response.
 */
const envelopes = new WeakMap<z.ZodType, z.ZodType>();

function anyEnvelopeSchema() {
  return z.object({
    apiVersion: z.string().optional(),
    data: z.unknown(),
    code: z.number().int(),
    message: z.string(),
  });
}
let builtAnyEnvelope: ReturnType<typeof anyEnvelopeSchema> | null = null;

/**
 * Any envelope, success or not: enough to read `code` and `message` of an error response. Built at the first
 * answer, like the success envelopes, not when the core is imported.
 */
export function anyEnvelope(): ReturnType<typeof anyEnvelopeSchema> {
  builtAnyEnvelope ??= anyEnvelopeSchema();
  return builtAnyEnvelope;
}
export type AnyEnvelope = z.infer<ReturnType<typeof anyEnvelopeSchema>>;
