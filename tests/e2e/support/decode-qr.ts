import jsQR from 'jsqr';
import type { Locator } from '@playwright/test';
import { PNG } from 'pngjs';

/** Reads a QR code the way a phone camera would: from the pixels on screen, not from the DOM. */
export async function decodeQrOnScreen(image: Locator): Promise<string> {
  await image.waitFor({ state: 'visible' });
  const png = PNG.sync.read(await image.screenshot());
  const code = jsQR(
    new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
    png.width,
    png.height,
  );
  if (!code) throw new Error('no QR code could be read from the screenshot');
  return code.data;
}
