/** What the text needs of /__sandbox/info (SandboxInfo), so a copy read over HTTP will do. */
export interface SandboxIdentities {
  readonly issuer: string;
  readonly clientId: string;
  readonly baseUrl: string;
  readonly apiUrl: string;
  readonly profile: string;
  readonly users: ReadonlyArray<{
    readonly username: string;
    readonly password: string;
    readonly totpSecret: string;
    readonly accounts: ReadonlyArray<{ readonly guid: string; readonly name: string; readonly role: string }>;
  }>;
  readonly merchants: ReadonlyArray<{
    readonly name: string;
    readonly publicKey: string;
    readonly secretKey: string;
    readonly totpSecret: string;
    readonly email: string;
    readonly linkedAccount: { readonly guid: string; readonly name: string } | null;
  }>;
}

/**
 * The sandbox's URLs and test identities as people read them, printed by `npm run sandbox` and by
 * `npm run harness` (which may attach to a sandbox started elsewhere, so it works from /__sandbox/info).
 */
export function identitiesText(info: SandboxIdentities, origin: string): string {
  return [
    'Wallet Desk sandbox (test data only, never real money)',
    `  Issuer (OIDC):      ${info.issuer}`,
    `  Client id:          ${info.clientId}  (public native client, redirect http://127.0.0.1:<any port>/callback)`,
    `  Interface A:        ${info.baseUrl}/api/OAuth`,
    `  Interface B:        ${info.apiUrl}/v1`,
    `  Control API:        ${origin}/__sandbox/info`,
    `  Control page:       ${origin}/__sandbox/  (the amounts address verifications sent, to type into the app)`,
    `  Service profile:    ${info.profile}`,
    '',
    'Users (username / password / TOTP secret):',
    ...info.users.flatMap((u) => [
      `  ${u.username} / ${u.password} / ${u.totpSecret}`,
      ...u.accounts.map((a) => `      ${a.role.padEnd(21)} ${a.name} (${a.guid})`),
    ]),
    '',
    'Merchants (public key / secret key / TOTP secret / e-mail):',
    ...info.merchants.flatMap((m) => [
      `  ${m.name}: ${m.publicKey} / ${m.secretKey} / ${m.totpSecret} / ${m.email}`,
      `      withdrawals show in the history of ${m.linkedAccount ? `${m.linkedAccount.name} (${m.linkedAccount.guid})` : 'no account'}`,
    ]),
  ].join('\n');
}
