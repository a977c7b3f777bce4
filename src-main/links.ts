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
];

export function isAllowedExternalUrl(url: string, extraHosts: readonly string[] = []): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return false;
  const host = parsed.hostname.toLowerCase();
  return [...explorerHosts, ...extraHosts].some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
