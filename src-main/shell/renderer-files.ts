import { extname, isAbsolute, relative, resolve, sep } from 'node:path';

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

export type RendererFileLookup =
  | { readonly kind: 'file'; readonly path: string; readonly contentType: string }
  | { readonly kind: 'forbidden' }
  | { readonly kind: 'not-found' };

/**
 * Maps an `app://wallet-desk/...` request to a file under the built renderer folder. Anything that
 * could leave that folder (`..`, encoded `%2e%2e` or `%2f`, backslashes, NUL, absolute paths) and any
 * other host is refused, because the page must never be able to read arbitrary files off the disk.
 */
export function resolveRendererFile(
  rootDir: string,
  requestUrl: string,
  expected: { scheme: string; host: string },
): RendererFileLookup {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { kind: 'forbidden' };
  }
  if (
    url.protocol !== `${expected.scheme}:` ||
    url.host !== expected.host ||
    url.username !== '' ||
    url.password !== ''
  ) {
    return { kind: 'forbidden' };
  }

  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'forbidden' };
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return { kind: 'forbidden' };
  const segments = pathname.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..' || segment === '.')) return { kind: 'forbidden' };
  if (segments.length === 0) segments.push('index.html');

  const root = resolve(rootDir);
  const path = resolve(root, ...segments);
  const inside = relative(root, path);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside))
    return { kind: 'forbidden' };

  const contentType = contentTypes[extname(path).toLowerCase()];
  if (contentType === undefined) return { kind: 'not-found' };
  return { kind: 'file', path, contentType };
}
