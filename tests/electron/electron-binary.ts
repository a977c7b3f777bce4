import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Electron executable the `electron` package downloaded, or why there is none. The package writes
 * path.txt only after its download from outside the npm registry succeeded.
 */
export function electronBinary(root: string): { readonly path: string } | { readonly missing: string } {
  // Electron on Linux needs a display; test-all.sh provides one with xvfb-run where it is installed.
  if (process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) {
    return {
      missing: 'no display (DISPLAY is unset): run it under xvfb-run, as npm test does where xvfb-run is installed',
    };
  }
  const pathFile = join(root, 'node_modules/electron/path.txt');
  if (!existsSync(pathFile)) {
    return {
      missing:
        'no Electron binary (node_modules/electron/path.txt is absent: the electron package downloads its runtime from outside the npm registry, unreachable here)',
    };
  }
  const path = join(root, 'node_modules/electron/dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(path) ? { path } : { missing: `no Electron binary at ${path}` };
}
