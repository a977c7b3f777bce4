/**
 * resources/: the committed icons are exactly what `npm run icons` derives from the SVG (so nobody ships
 * a stale or hand-edited icon), every platform's icon is where electron-builder looks for it, the Linux
 * .desktop entry agrees with the packaging configuration, and `npm run dist` wires the update URL safely.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { iconsDir, pngPath, pngSizes, renderIcons } from '../../resources/scripts/make-icons';
import { checkedUpdateUrl, electronBuilderArgs } from '../../resources/scripts/dist';

const root = join(import.meta.dirname, '../..');

interface BuildConfig {
  readonly appId: string;
  readonly productName: string;
  readonly mac: { readonly icon: string; readonly target: string[] };
  readonly win: { readonly icon: string; readonly target: string[] };
  readonly linux: {
    readonly icon: string;
    readonly target: string[];
    readonly executableName: string;
    readonly category: string;
    readonly desktop: { readonly entry: Record<string, string> };
  };
  readonly deb: { readonly depends: string[] };
  readonly asarUnpack: string[];
  readonly afterPack: string;
}
const packageJson = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
  productName?: string;
  desktopName: string;
  scripts: Record<string, string>;
  build: BuildConfig;
};
const build = packageJson.build;

describe('icons', () => {
  it('are exactly what the script derives from icon.svg', async () => {
    const derived = renderIcons(await readFile(join(iconsDir, 'icon.svg'), 'utf8'));
    expect([...derived.keys()].sort()).toEqual([...pngSizes.map(pngPath), 'icon.icns', 'icon.ico'].sort());
    for (const [name, data] of derived) {
      expect((await readFile(join(iconsDir, name))).equals(data), `${name} is stale: run npm run icons`).toBe(true);
    }
  }, 30_000);

  it('are square PNGs of their named size, a real .icns and a real .ico', async () => {
    for (const size of pngSizes) {
      const png = PNG.sync.read(await readFile(join(iconsDir, pngPath(size))));
      expect([png.width, png.height]).toEqual([size, size]);
    }
    const icns = await readFile(join(iconsDir, 'icon.icns'));
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const ico = await readFile(join(iconsDir, 'icon.ico'));
    // ICONDIR: reserved 0, type 1 (icon), then the image count; Windows wants 256 px among them.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const widths = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico[6 + i * 16] || 256);
    expect(widths).toContain(256);
    expect(widths).toContain(16);
  });

  it('are the ones the packaging configuration names', () => {
    expect(build.mac.icon).toBe('resources/icons/icon.icns');
    expect(build.win.icon).toBe('resources/icons/icon.ico');
    expect(build.linux.icon).toBe('resources/icons/png');
  });
});

describe('packaging configuration', () => {
  it('builds dmg, nsis, AppImage and deb under one app id and product name', () => {
    expect(build.appId).toMatch(/^[a-z]+(\.[a-z0-9-]+)+$/);
    expect(build.productName).toBe('Wallet Desk');
    expect(build.mac.target).toEqual(['dmg']);
    expect(build.win.target).toEqual(['nsis']);
    expect(build.linux.target).toEqual(['AppImage', 'deb']);
    expect(build.afterPack).toBe('./resources/build/after-pack.mjs');
    expect(build.asarUnpack).toContain('node_modules/keytar/build/Release/keytar.node');
    expect(packageJson.scripts['dist']).toMatch(/electron-vite build && tsx resources\/scripts\/dist\.ts/);
  });

  it("declares libsecret for the deb, which keytar's Secret Service backend loads", () => {
    expect(build.deb.depends).toContain('libsecret-1-0');
    // Setting depends replaces electron-builder's defaults, so Electron's own needs are listed too.
    for (const library of ['libgtk-3-0', 'libnss3', 'libnotify4', 'xdg-utils']) {
      expect(build.deb.depends).toContain(library);
    }
  });
});

describe('the Linux .desktop entry', () => {
  it('agrees with what electron-builder writes into the AppImage and deb', async () => {
    const text = await readFile(join(root, 'resources/linux/wallet-desk.desktop'), 'utf8');
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('[Desktop Entry]');
    const entry = Object.fromEntries(lines.slice(1).map((line) => line.split(/=(.*)/s, 2) as [string, string]));
    expect(entry).toMatchObject({ Type: 'Application', Terminal: 'false', Icon: build.linux.executableName });
    expect(entry['Exec']).toBe(`${build.linux.executableName} %U`);
    expect(entry['Categories']).toBe(`${build.linux.category};`);
    expect(entry).toMatchObject(build.linux.desktop.entry);
    // Electron takes its Wayland app_id / X11 WM_CLASS from desktopName; the entry must match it.
    expect(`${entry['StartupWMClass']}.desktop`).toBe(packageJson.desktopName);
  });
});

describe('npm run dist', () => {
  it('passes the update URL on as a generic publish target and never uploads', () => {
    expect(electronBuilderArgs(['--linux'], 'https://updates.example.com/wallet-desk/')).toEqual([
      '--publish',
      'never',
      '-c.publish.provider=generic',
      '-c.publish.url=https://updates.example.com/wallet-desk/',
      '--linux',
    ]);
    expect(electronBuilderArgs([], undefined)).toEqual(['--publish', 'never']);
    expect(electronBuilderArgs([], '')).toEqual(['--publish', 'never']);
  });

  it('refuses update URLs that are not plain https', () => {
    expect(() => checkedUpdateUrl('http://updates.example.com/')).toThrow(/https/);
    expect(() => checkedUpdateUrl('https://user:pw@updates.example.com/')).toThrow(/credentials/);
    expect(() => checkedUpdateUrl('https://updates.example.com/?token=1')).toThrow(/query/);
    expect(() => checkedUpdateUrl('not a url')).toThrow(/not a URL/);
  });
});
