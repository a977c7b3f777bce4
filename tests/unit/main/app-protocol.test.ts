import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAppScheme, serveRenderer } from '../../../src-main/app-protocol';
import { RENDERER_CSP } from '../../../src-main/shell/content-security-policy';
import { LAUNCH_BODY_BOUND_MS } from '../../../src-main/shell/launch-document';
import { resolveRendererFile } from '../../../src-main/shell/renderer-files';
import type { Theme } from '../../../src-preload/contract/app';
import { electronFake, resetElectronFake, type ProtocolHandler } from '../support/fake-electron';

vi.mock('electron', async () => (await import('../support/fake-electron')).electronFake.module);

const app = { scheme: 'app', host: 'wallet-desk' };
let base: string;
let root: string;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'wallet-desk-protocol-'));
  root = join(base, 'renderer');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(
    join(root, 'index.html'),
    '<!doctype html><html lang="en"><title>Wallet Desk</title><body><div id="root"></div></body></html>',
  );
  await writeFile(join(root, 'assets', 'index-abc.js'), 'console.log("app")');
  await writeFile(join(base, 'secret.txt'), 'TOP-SECRET-OUTSIDE-RENDERER');
  await writeFile(join(base, 'renderer-evil.txt'), 'SIBLING-WITH-SHARED-PREFIX');
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});
beforeEach(() => resetElectronFake());

describe('resolveRendererFile', () => {
  it('maps the root and asset paths into the renderer folder with a content type', () => {
    expect(resolveRendererFile('/r', 'app://wallet-desk/', app)).toEqual({
      kind: 'file',
      path: '/r/index.html',
      contentType: 'text/html; charset=utf-8',
    });
    expect(resolveRendererFile('/r', 'app://wallet-desk/assets/index-abc.js?v=1#x', app)).toMatchObject({
      kind: 'file',
      path: '/r/assets/index-abc.js',
    });
  });

  it.each([
    'app://wallet-desk/..%2fsecret.txt',
    'app://wallet-desk/assets/..%2F..%2Fsecret.txt',
    'app://wallet-desk/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    'app://wallet-desk/..%5c..%5csecret.txt',
    'app://wallet-desk/index.html%00.png',
    'app://wallet-desk/%E0%A4%A',
    'app://other-host/index.html',
    'app://wallet-desk.attacker/index.html',
    'app://user@wallet-desk/index.html',
    'file:///etc/passwd',
    'https://wallet-desk/index.html',
  ])('refuses %s', (url) => {
    expect(resolveRendererFile('/r', url, app)).toEqual({ kind: 'forbidden' });
  });

  it('keeps URL-normalised dot segments inside the folder', () => {
    // The URL parser already folds plain `..`; what is left must still resolve under the root.
    const lookup = resolveRendererFile('/r', 'app://wallet-desk/../../etc/passwd.js', app);
    expect(lookup).toEqual({ kind: 'file', path: '/r/etc/passwd.js', contentType: 'text/javascript; charset=utf-8' });
  });

  it('does not serve files of unknown types', () => {
    expect(resolveRendererFile('/r', 'app://wallet-desk/.env', app)).toEqual({ kind: 'not-found' });
    expect(resolveRendererFile('/r', 'app://wallet-desk/main.js.map.bak', app)).toEqual({ kind: 'not-found' });
  });
});

describe('app:// protocol', () => {
  function handler(): ProtocolHandler {
    serveRenderer(root);
    const registered = electronFake.protocol.handlers.get('app');
    if (!registered) throw new Error('app: was not handled');
    return registered;
  }

  it('registers app: as a standard secure scheme without CSP bypass, CORS or service workers', () => {
    registerAppScheme();
    expect(electronFake.protocol.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
  });

  it('serves index.html with the CSP as a response header, equal to the meta CSP', async () => {
    const response = await handler()(new Request('app://wallet-desk/index.html'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('<title>Wallet Desk</title>');
  });

  it('serves assets and answers 404 for missing files', async () => {
    const serve = handler();
    const asset = await serve(new Request('app://wallet-desk/assets/index-abc.js'));
    expect(await asset.text()).toBe('console.log("app")');
    expect((await serve(new Request('app://wallet-desk/assets/missing.js'))).status).toBe(404);
  });

  it.each([
    'app://wallet-desk/..%2fsecret.txt',
    'app://wallet-desk/..%2frenderer-evil.txt',
    'app://wallet-desk/assets/..%2f..%2fsecret.txt',
    'app://elsewhere/secret.txt',
  ])('never serves a file outside the renderer folder: %s', async (url) => {
    const response = await handler()(new Request(url));
    expect(response.status).toBe(403);
    expect(await response.text()).not.toMatch(/TOP-SECRET|SIBLING/);
  });

  describe('index.html with the launch view (shell/launch-document.ts)', () => {
    const view = { markup: '<main class="gate cached-balances">rows</main>', lang: 'de' };
    /** The head as served with settings' theme "system" (withView's), written like the others. */
    const HEAD = '<!doctype html><html lang="de" data-theme="system"><title>Wallet Desk</title><body><div id="root"';
    afterEach(() => {
      vi.useRealTimers();
    });
    function withView(
      launchView: () => Promise<typeof view | null>,
      lang = 'de',
      theme: Theme = 'system',
    ): ProtocolHandler {
      serveRenderer(root, { launchView, lang: () => lang, privacyMode: () => false, theme: () => theme });
      const registered = electronFake.protocol.handlers.get('app');
      if (!registered) throw new Error('app: was not handled');
      return registered;
    }
    /** The core, ready (and its view decided) when the test says so. */
    function controlledCore(): {
      launchView: () => Promise<typeof view | null>;
      ready: (v: typeof view | null) => void;
    } {
      let ready: (v: typeof view | null) => void = () => undefined;
      const core = new Promise<typeof view | null>((resolve) => {
        ready = resolve;
      });
      return { launchView: () => core, ready };
    }

    it('serves the launch view inside #root, in its language, never to be cached', async () => {
      const response = await withView(async () => view)(new Request('app://wallet-desk/'));
      const html = await response.text();
      expect(html).toContain(
        '<div id="root" data-launch="cached"><main class="gate cached-balances">rows</main></div>',
      );
      expect(html).toContain('<html lang="de" data-theme="system">');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    });

    it('answers with the head at once and sends the body once the core is ready', async () => {
      const core = controlledCore();
      const response = await withView(core.launchView)(new Request('app://wallet-desk/index.html'));
      // Headers and the head leave before the core is ready: no-store and the CSP as for every answer.
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-security-policy')).toBe(RENDERER_CSP);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      expect(decoder.decode((await reader.read()).value)).toBe(HEAD);
      core.ready(view);
      expect(decoder.decode((await reader.read()).value)).toBe(
        ' data-launch="cached"><main class="gate cached-balances">rows</main></div>',
      );
      // The end: no fresh part without a source of this run's balances.
      expect(decoder.decode((await reader.read()).value)).toBe('</body></html>');
      expect((await reader.read()).done).toBe(true);
    });

    it("writes settings' theme on <html> in the head, before the core is ready", async () => {
      const core = controlledCore();
      const response = await withView(core.launchView, 'de', 'dark')(new Request('app://wallet-desk/'));
      const reader = response.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toBe(
        HEAD.replace('data-theme="system"', 'data-theme="dark"'),
      );
      core.ready(null);
      await reader.cancel();
    });

    it('serves the page as built when main may not show balances', async () => {
      const html = await (await withView(async () => null)(new Request('app://wallet-desk/index.html'))).text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('data-launch');
    });

    it('sends the plain body at the bound when the core or the keychain hangs', async () => {
      vi.useFakeTimers();
      // Never answers: the body still comes, on the bound's own timer, not the view's.
      const hung = new Promise<never>(() => undefined);
      const response = await withView(() => hung)(new Request('app://wallet-desk/index.html'));
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      expect(decoder.decode((await reader.read()).value)).toBe(HEAD);
      const rest = reader.read();
      await vi.advanceTimersByTimeAsync(LAUNCH_BODY_BOUND_MS);
      expect(decoder.decode((await rest).value)).toBe('></div>');
      expect(decoder.decode((await reader.read()).value)).toBe('</body></html>');
      expect((await reader.read()).done).toBe(true);
    });

    it("ends the page with this run's balances once main has them, after the rest", async () => {
      const core = controlledCore();
      const fresh = controlledCore();
      const freshView = { ...view, markup: '<main>fresh</main>', marks: ' data-launch="fresh"' };
      serveRenderer(root, {
        launchView: core.launchView,
        freshView: async () => (await fresh.launchView()) && freshView,
        lang: () => 'de',
        privacyMode: () => false,
        theme: () => 'system',
      });
      const response = await electronFake.protocol.handlers.get('app')!(new Request('app://wallet-desk/'));
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      expect(decoder.decode((await reader.read()).value)).toBe(HEAD);
      core.ready(view);
      expect(decoder.decode((await reader.read()).value)).toContain('data-launch="cached"');
      fresh.ready(view);
      expect(decoder.decode((await reader.read()).value)).toBe(
        '<div id="launch-fresh" data-launch="fresh"><main>fresh</main></div></body></html>',
      );
      expect((await reader.read()).done).toBe(true);
    });

    it('answers HEAD requests as before: headers, no body, no view asked for', async () => {
      const launchView = vi.fn(async () => view);
      const response = await withView(launchView)(new Request('app://wallet-desk/index.html', { method: 'HEAD' }));
      expect(response.status).toBe(200);
      expect(response.body).toBeNull();
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-security-policy')).toBe(RENDERER_CSP);
      expect(launchView).not.toHaveBeenCalled();
    });

    it('writes the view into index.html only', async () => {
      const launchView = vi.fn(async () => view);
      const asset = await withView(launchView)(new Request('app://wallet-desk/assets/index-abc.js'));
      expect(await asset.text()).toBe('console.log("app")');
      expect(launchView).not.toHaveBeenCalled();
    });
  });

  it('refuses methods other than GET and HEAD', async () => {
    const response = await handler()(new Request('app://wallet-desk/index.html', { method: 'POST', body: 'x' }));
    expect(response.status).toBe(405);
  });
});
