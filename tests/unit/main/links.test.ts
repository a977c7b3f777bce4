import { describe, expect, it } from 'vitest';
import { toAllowedExternalUrl } from '../../../src-main/links';

/**
 * Security 34 and 5: what reaches the system browser is the URL the allowlist judged, re-serialised,
 * never the string the renderer sent. OS URL handlers (xdg-open, ShellExecute, Launch Services) do not
 * parse like WHATWG, so a raw string could name another host or smuggle characters past the check.
 */
describe('external links are handed on re-serialised (security 34)', () => {
  it.each([
    ['surrounding spaces', '  https://mempool.space/tx/abc  ', 'https://mempool.space/tx/abc'],
    ['tab and newline around it', '\thttps://mempool.space/tx/abc\n', 'https://mempool.space/tx/abc'],
    ['a NUL in front', '\u0000https://mempool.space/tx/abc', 'https://mempool.space/tx/abc'],
    ['newline and tab inside', 'https://mem\npool.space/tx/a\tbc', 'https://mempool.space/tx/abc'],
    ['mixed-case scheme and host', 'HTTPS://MemPool.Space/tx/abc', 'https://mempool.space/tx/abc'],
    ['backslashes for slashes', 'https:\\\\mempool.space\\tx\\abc', 'https://mempool.space/tx/abc'],
    ['no slashes at all', 'https:mempool.space/tx/abc', 'https://mempool.space/tx/abc'],
    ['the default port spelled out', 'https://mempool.space:443/tx/abc', 'https://mempool.space/tx/abc'],
    [
      'spaces, quotes and angle brackets in the path',
      'https://mempool.space/tx/a b"<x>',
      'https://mempool.space/tx/a%20b%22%3Cx%3E',
    ],
    // A handler that reads "\" as part of userinfo would see host attacker.com; WHATWG sees a path.
    ['a backslash before an @', 'https://mempool.space\\@attacker.com/', 'https://mempool.space/@attacker.com/'],
    [
      'a subdomain of an allowed host',
      'https://Testnet.Blockstream.info/tx/1',
      'https://testnet.blockstream.info/tx/1',
    ],
    ['a configured service host', 'https://API.service.example/help', 'https://api.service.example/help'],
  ])('%s: %j opens as %s', (_case, input, expected) => {
    const allowed = toAllowedExternalUrl(input, ['api.service.example']);
    expect(allowed).toBe(expected);
    expect(allowed).toBe(new URL(input).href);
  });

  it.each([
    ['userinfo', 'https://user@mempool.space/tx/abc'],
    ['a password only', 'https://:pw@mempool.space/'],
    ['user and password', 'https://mempool.space:x@attacker.com/'],
    ['an encoded dot that makes another host', 'https://mempool.space%2eattacker.com/'],
    ['another host behind a backslash-@', 'https://attacker.com\\@mempool.space/'],
    ['a look-alike suffix', 'https://mempool.space.attacker.com/tx/1'],
    ['a trailing-dot host', 'https://mempool.space./tx/1'],
    ['plain http', 'http://mempool.space/tx/1'],
    ['mixed-case http', 'HTTP://mempool.space/tx/1'],
    ['file', 'file:///etc/passwd'],
    ['javascript', ' JavaScript:alert(1)//https://mempool.space/'],
    ['a custom scheme', 'wallet-desk://callback?code=1'],
    ['no URL at all', 'mempool.space/tx/1'],
    ['an empty string', ''],
  ])('refuses %s: %j', (_case, input) => {
    expect(toAllowedExternalUrl(input, ['api.service.example'])).toBeNull();
  });
});
