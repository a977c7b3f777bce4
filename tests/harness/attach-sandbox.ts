import { z } from 'zod';

// What the harness reads of /__sandbox/info to print the identities; the rest is passed through.
const Info = z.looseObject({
  issuer: z.string(),
  clientId: z.string(),
  baseUrl: z.string(),
  apiUrl: z.string(),
  profile: z.string(),
  users: z.array(
    z.looseObject({
      username: z.string(),
      password: z.string(),
      totpSecret: z.string(),
      accounts: z.array(z.looseObject({ guid: z.string(), name: z.string(), role: z.string() })),
    }),
  ),
  merchants: z.array(
    z.looseObject({
      name: z.string(),
      publicKey: z.string(),
      secretKey: z.string(),
      totpSecret: z.string(),
      email: z.string(),
      linkedAccount: z.object({ guid: z.string(), name: z.string() }).loose().nullable(),
    }),
  ),
});

/**
 * Checks that a Wallet Desk sandbox answers at `origin` (one started with `npm run sandbox`) and returns its
 * identities; anything else is refused with why, before the app is pointed at it.
 */
export type AttachedSandbox = z.infer<typeof Info>;

export async function attachSandbox(origin: string, timeoutMs = 5_000): Promise<AttachedSandbox> {
  let response: Response;
  try {
    response = await fetch(`${origin}/__sandbox/info`, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new Error(
      `no sandbox answers at ${origin} (${error instanceof Error ? error.message : String(error)}); start one with npm run sandbox`,
      { cause: error },
    );
  }
  if (!response.ok) throw new Error(`${origin}/__sandbox/info answered ${response.status}: not a Wallet Desk sandbox`);
  const info = Info.safeParse(await response.json().catch(() => null));
  if (!info.success) throw new Error(`${origin}/__sandbox/info is not a Wallet Desk sandbox's answer`);
  return info.data;
}
