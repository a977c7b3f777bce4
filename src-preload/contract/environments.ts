import { z } from 'zod';
import { PlainText } from './text';
import { EnvironmentId } from './app';
import { operation } from './define';

/**
 * Where Wallet Desk signs in (issuer, client id, Interface A address) and where the merchant API lives,
 * chosen in Settings. Addresses are checked in main before anything is saved.
 */
const Address = PlainText().trim().max(2048);

export const SignInEnvironmentView = z.object({
  id: EnvironmentId,
  /** Null until addresses are saved for this environment. */
  issuer: z.string().nullable(),
  clientId: z.string().nullable(),
  baseUrl: z.string().nullable(),
  /** The local sandbox's addresses are built in and cannot be edited. */
  editable: z.boolean(),
});
export type SignInEnvironmentView = z.infer<typeof SignInEnvironmentView>;

export const EnvironmentsView = z.object({
  active: EnvironmentId,
  environments: z.array(SignInEnvironmentView),
});
export type EnvironmentsView = z.infer<typeof EnvironmentsView>;

export const SignInEndpointsInput = z
  .object({ id: EnvironmentId, issuer: Address, clientId: PlainText().trim().max(200), baseUrl: Address })
  .strict();

export const CheckMessage = z.object({ message: z.string() });

export const environmentsOperations = {
  'environments.get': operation(z.void(), EnvironmentsView),
  /** Fetches the issuer's discovery document and checks it; saves nothing. */
  'environments.check': operation(SignInEndpointsInput, CheckMessage),
  /** Checks as environments.check, then saves the addresses (not for the built-in local sandbox). */
  'environments.save': operation(SignInEndpointsInput, EnvironmentsView),
  /**
   * Makes an environment the one to sign in to. While signed in (or locked) this signs out first, and only
   * when signOutFirst says the user confirmed it.
   */
  'environments.select': operation(
    z.object({ id: EnvironmentId, signOutFirst: z.boolean() }).strict(),
    EnvironmentsView,
  ),
  /** Tests a merchant API address without keys; saves nothing. */
  'environments.checkMerchantApi': operation(
    z.object({ environment: EnvironmentId, apiUrl: Address }).strict(),
    CheckMessage,
  ),
} as const;
