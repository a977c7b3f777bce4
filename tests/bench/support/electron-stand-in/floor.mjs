/**
 * The floor of window-first.ts: a main script that does nothing but what the window's first request
 * needs (the stand-in `electron`, ready, app: serving index.html, one BrowserWindow). Argument: out/renderer.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app, BrowserWindow, protocol } from 'electron';

const rendererDir = process.argv[2];
await app.whenReady();
protocol.handle(
  'app',
  async () =>
    new Response(await readFile(join(rendererDir, 'index.html')), { headers: { 'Content-Type': 'text/html' } }),
);
void new BrowserWindow({ show: false }).loadURL('app://wallet-desk/index.html');
