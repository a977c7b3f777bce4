import { z } from 'zod';

/** One environment's service addresses, as settings.json keeps them. */
export const Endpoints = z.object({
  issuer: z.url({ protocol: /^https?$/ }),
  clientId: z.string().min(1),
  /** Interface A host; paths are prefixed /api/OAuth. */
  baseUrl: z.url({ protocol: /^https?$/ }),
  /**
   * Interface B host; paths are prefixed /v1. Optional: Settings saves sign-in addresses alone, and the
   * merchant API address is kept in the merchant settings.
   */
  apiUrl: z.url({ protocol: /^https?$/ }).optional(),
});
export type Endpoints = z.infer<typeof Endpoints>;
