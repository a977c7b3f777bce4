/** What a successful sign-in or refresh yields, reduced to what the app uses. */
export interface TokenSet {
  readonly accessToken: string;
  /** Absent when the issuer did not rotate (then the previous one stays valid). */
  readonly refreshToken: string | undefined;
  /** Seconds until the access token expires, as the issuer said. */
  readonly expiresInSeconds: number | undefined;
  /** The ID token's subject, when an ID token came with the response. */
  readonly subject: string | undefined;
  /** The ID token's iat (seconds, the provider's clock), when an ID token came with the response. */
  readonly issuedAtSeconds?: number | undefined;
}

export function toTokenSet(response: {
  access_token: string;
  refresh_token?: string | undefined;
  expiresIn(): number | undefined;
  claims(): { sub: string; iat?: unknown } | undefined;
}): TokenSet {
  const issuedAt = response.claims()?.iat;
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    expiresInSeconds: response.expiresIn(),
    subject: response.claims()?.sub,
    issuedAtSeconds: typeof issuedAt === 'number' && Number.isFinite(issuedAt) ? issuedAt : undefined,
  };
}
