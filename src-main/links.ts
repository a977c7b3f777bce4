/**
 * Links the app may hand to the system browser: https only, and only to hosts that explain a
 * transaction (block explorers) or belong to the configured service. Everything else, including
 * file:, javascript: and custom schemes, is refused.
 */
export const explorerHosts: readonly string[] = [
  'mempool.space',
  'blockstream.info',
  'litecoinspace.org',
  'blockchair.com',
  'etherscan.io',
  'bscscan.com',
  'optimistic.etherscan.io',
  'tronscan.org',
  'solscan.io',
  'snowtrace.io',
];

/**
 * The URL to give the system browser, or null when it is refused. What is returned is the parsed,
 * re-serialised URL (security 34), never the caller's string: the OS URL handler parses differently from
 * WHATWG (whitespace, backslashes, case, stray control characters), so it must get the very URL the
 * allowlist judged.
 */
export function toAllowedExternalUrl(url: string, extraHosts: readonly string[] = []): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return null;
  const host = parsed.hostname.toLowerCase();
  const allowed = [...explorerHosts, ...extraHosts].some((known) => host === known || host.endsWith(`.${known}`));
  return allowed ? parsed.href : null;
}

export function isAllowedExternalUrl(url: string, extraHosts: readonly string[] = []): boolean {
  return toAllowedExternalUrl(url, extraHosts) !== null;
}
