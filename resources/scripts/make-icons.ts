/**
 * Derives every app icon from resources/icons/icon.svg: the PNG sizes Linux desktops and the window use,
 * the macOS .icns and the Windows .ico. Run `npm run icons` after changing the SVG and commit the results;
 * tests/packaging/icons.test.ts fails when a committed file no longer matches what this produces.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import png2icons from 'png2icons';

export const iconsDir = fileURLToPath(new URL('../icons/', import.meta.url));

/**
 * The sizes freedesktop icon themes look for (electron-builder installs each under hicolor/NxN/apps),
 * 512 doubling as the window icon on Linux and 1024 as the source for the .icns and .ico.
 */
export const pngSizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;

export function pngPath(size: number): string {
  return `png/${size}x${size}.png`;
}

function renderPng(svg: string, size: number): Buffer {
  // resvg rasterises at the target size from the vector, so small sizes stay sharp instead of being scaled down.
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng());
}

/** Every derived icon, by path relative to resources/icons, from the SVG's text. Deterministic. */
export function renderIcons(svg: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const size of pngSizes) files.set(pngPath(size), renderPng(svg, size));
  const source = files.get(pngPath(1024));
  if (!source) throw new Error('the 1024 px icon was not rendered');
  // Lossless (0 colours), bicubic downscaling from the 1024 px master.
  const icns = png2icons.createICNS(source, png2icons.BICUBIC, 0);
  // forWinExe: PNG chunks from 64 px up, BMP below, which every Windows shell version displays.
  const ico = png2icons.createICO(source, png2icons.BICUBIC, 0, false, true);
  if (!icns || !ico) throw new Error('png2icons could not encode the .icns or .ico');
  files.set('icon.icns', icns);
  files.set('icon.ico', ico);
  return files;
}

async function main(): Promise<void> {
  const svg = await readFile(join(iconsDir, 'icon.svg'), 'utf8');
  for (const [name, data] of renderIcons(svg)) {
    const target = join(iconsDir, name);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, data);
    console.log(`icons: ${relative(process.cwd(), target)} (${data.length} bytes)`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
