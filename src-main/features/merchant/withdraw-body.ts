import { z } from 'zod';
import { EnvironmentId } from '../../../src-preload/contract/app';

/**
 * What the user confirmed, frozen in main; the two-factor code is never part of it. A schema, because a
 * withdrawal whose outcome is unknown is kept in settings.json until reconciled.
 */
export const WithdrawBody = z.object({
  environment: EnvironmentId,
  publicKey: z.string().min(1),
  origin: z.string().min(1),
  code: z.string().min(1),
  networkId: z.number().int(),
  address: z.string().min(1),
  amount: z.string().min(1),
  label: z.string(),
  email: z.string(),
  verified: z.boolean(),
});
export type WithdrawBody = Readonly<z.infer<typeof WithdrawBody>>;
