import { readdir, readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** Every script the built app ships: main, preload and the renderer's assets. */
async function builtScripts(): Promise<Map<string, string>> {
  const out = join(root, 'out');
  const entries = await readdir(out, { recursive: true, withFileTypes: true });
  const scripts = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.isFile() || !/\.(c|m)?js$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    scripts.set(path.slice(out.length + 1), await readFile(path, 'utf8'));
  }
  return scripts;
}

describe('a public client (security item 14)', () => {
  let scripts: Map<string, string>;

  beforeAll(async () => {
    const build = inject('rendererBuild');
    if (build.error !== null) throw new Error(build.error);
    scripts = await builtScripts();
  });

  it('the built main process discovers the issuer with client authentication "none"', () => {
    // The shell loads the core as a chunk after the window exists, so the sign-in code may sit in any of
    // main's built files: read them all.
    const main = [...scripts]
      .filter(([file]) => file.startsWith(`main${sep}`))
      .map(([, text]) => text)
      .join('\n');
    expect(main).toMatch(/token_endpoint_auth_method:\s*["']none["']/);
    expect(main).toMatch(/\.None\(\)/);
  });

  it('no built file uses a secret-based client authentication or carries a client secret value', () => {
    expect(scripts.size).toBeGreaterThanOrEqual(3);
    for (const [file, text] of scripts) {
      expect(text, file).not.toMatch(/\b(ClientSecretPost|ClientSecretBasic|ClientSecretJwt|PrivateKeyJwt)\s*\(/);
      // The redactor names client_secret as a key to scrub; a value assigned to one would be a secret.
      expect(text, file).not.toMatch(/client_?secret["']?\s*[:=]\s*["'`][^"'`]+/i);
      expect(text, file).not.toMatch(/token_endpoint_auth_method:\s*["'](?!none["'])/);
    }
  });
});
