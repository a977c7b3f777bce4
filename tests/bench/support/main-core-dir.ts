import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the bench builds the main core for the checkout at `root`. Under node_modules/.cache, so the build's bare
 * imports resolve and no gate scans it; one folder per checkout, because worktrees link node_modules to main's and
 * runs in two checkouts at once would otherwise build into, and measure, the same folder. The real path: the config and
 * the figure name the same checkout by different routes.
 */
export function mainCoreDir(root: string): string {
  const checkout = createHash('sha256').update(realpathSync(root)).digest('hex').slice(0, 12);
  return join(root, 'node_modules/.cache/wallet-desk-bench', checkout, 'main-core');
}
