/**
 * The renderer's Content-Security-Policy. The same string is in the `<meta>` of src-renderer/index.html
 * (a test keeps the two equal) and is sent as a response header by the app:// protocol handler, so the
 * policy holds even before the meta tag is parsed. The renderer never talks to the network itself:
 * everything goes through the bridge.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers for every file served to the renderer. */
export function rendererResponseHeaders(contentType: string): Record<string, string> {
  return {
    'content-type': contentType,
    'content-security-policy': RENDERER_CSP,
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
    'cache-control': 'no-store',
  };
}
