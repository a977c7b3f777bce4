import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { RENDERER_CSP } from '../../../../src-main/shell/content-security-policy';

const root = resolve(import.meta.dirname, '../../../..');

function metaCsp(html: string): string {
  const metas = [...html.matchAll(/<meta\s[^>]*http-equiv=["']Content-Security-Policy["'][^>]*>/gi)];
  expect(metas, 'exactly one CSP meta tag').toHaveLength(1);
  const content = /\bcontent=(["'])([\s\S]*?)\1/i.exec(metas[0]![0])?.[2];
  if (content === undefined) throw new Error('the CSP meta tag has no content');
  return content.replace(/\s+/g, ' ').trim();
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** Security item 3: the renderer never loads code from anywhere but itself, and never evaluates strings. */
function expectStrictCsp(csp: string): void {
  const policy = directives(csp);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'none'"]);
  for (const [name, values] of policy) {
    for (const value of values) {
      expect(value, `${name} allows everything`).not.toMatch(/^\*|^https?:$|^https?:\/\/\*/);
      expect(value, `${name} allows plain http`).not.toMatch(/^http:/i);
      expect(value, `${name} allows eval`).not.toMatch(/unsafe-eval|wasm-unsafe-eval|unsafe-hashes/);
    }
  }
  expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
}

describe('Content-Security-Policy (security item 3)', () => {
  it('the source page carries the strict policy, the same one the app:// handler sends as a header', async () => {
    const html = await readFile(resolve(root, 'src-renderer/index.html'), 'utf8');
    expect(metaCsp(html)).toBe(RENDERER_CSP);
    expectStrictCsp(metaCsp(html));
  });

  it('the header policy itself is strict', () => {
    expectStrictCsp(RENDERER_CSP);
  });

  it('the built page keeps the policy and loads only its own bundled scripts, none inline', async () => {
    const build = inject('rendererBuild');
    expect(build.error, 'npm run build failed').toBeNull();
    const html = await readFile(resolve(root, 'out/renderer/index.html'), 'utf8');
    expect(metaCsp(html)).toBe(RENDERER_CSP);
    expectStrictCsp(metaCsp(html));
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body?.trim(), 'inline script').toBe('');
      const src = /\bsrc=["']([^"']+)["']/i.exec(attributes ?? '')?.[1] ?? '';
      expect(src, 'script from another origin').toMatch(/^(\.\/|\/)(?!\/)/);
    }
  });
});
