/**
 * The save dialog's file-type filter for a file the app writes, read from the suggested name's extension:
 * the system dialog otherwise offers a type that does not match the file (a BIP-329 labels file saved as CSV).
 * The type names are the formats' own names, the same in every language.
 */
export function saveFilters(defaultName: string): { name: string; extensions: string[] }[] {
  const extension = /\.([a-z0-9]+)$/i.exec(defaultName)?.[1]?.toLowerCase();
  if (extension === 'json') return [{ name: 'JSON', extensions: ['json'] }];
  if (extension === 'jsonl') return [{ name: 'JSON Lines', extensions: ['jsonl'] }];
  return [{ name: 'CSV', extensions: ['csv'] }];
}
