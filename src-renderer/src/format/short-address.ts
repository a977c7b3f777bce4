/**
 * An address with both ends visible, the first and last eight characters ("bc1qw508…7kv8f3t4"), for labels
 * and warnings, so it can be told apart from a look-alike; the panels show it in full.
 */
export function shortAddress(address: string): string {
  return address.length <= 20 ? address : `${address.slice(0, 8)}…${address.slice(-8)}`;
}
