import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, type FileLogger } from '../../../../src-main/logging/create-logger';

// Known values that must never reach the file. Built at run time so they are not sitting in the source
// as one literal either.
const jwt = [
  'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9',
  'eyJzdWIiOiJ1c2VyLTEiLCJleHAiOjE5OTk5OTk5OTl9',
  'c2lnbmF0dXJlLXBhcnQtMTIzNDU2Nzg5MA',
].join('.');
const refreshToken = `rt_${'Z9'.repeat(20)}`;
const accessToken = `at_${'k3Q'.repeat(12)}`;
const secretKey = `sk_live_${'4f7a'.repeat(8)}`;
const apiKey = `ak_${'Mx7'.repeat(9)}`;
const tfaCode = '482913';
const authCode = `ac_${'Pq1'.repeat(10)}`;
const verifier = `v_${'dE5'.repeat(15)}`;
const password = 'correct horse battery staple';
const all = { jwt, refreshToken, accessToken, secretKey, apiKey, tfaCode, authCode, verifier, password };

let dir: string;
let logger: FileLogger;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wallet-desk-logs-'));
  logger = createLogger({ directory: join(dir, 'logs'), level: 'debug' });
});
afterEach(async () => {
  await logger.close();
  await rm(dir, { recursive: true, force: true });
});

async function written(): Promise<string> {
  await logger.flush();
  return readFile(logger.filePath, 'utf8');
}

function expectNoSecret(text: string): void {
  for (const [name, value] of Object.entries(all)) expect(text, `${name} leaked into the log`).not.toContain(value);
}

describe('createLogger (security item 19)', () => {
  it('writes JSON lines with level, time and message into the given folder, readable by the user only', async () => {
    logger.info('app started', { version: '0.1.0' });
    logger.warn('keychain unavailable');
    const lines = (await written())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', msg: 'app started', version: '0.1.0', time: expect.any(String) }),
      expect.objectContaining({ level: 'warn', msg: 'keychain unavailable' }),
    ]);
    expect(logger.filePath).toBe(join(dir, 'logs', 'main.log'));
    if (process.platform !== 'win32') expect((await stat(logger.filePath)).mode & 0o077).toBe(0);
  });

  it('redacts secrets by key name at any depth, keeping the harmless fields', async () => {
    logger.info('token response', {
      access_token: accessToken,
      refresh_token: refreshToken,
      id_token: jwt,
      token_type: 'Bearer',
      expires_in: 3600,
      nested: { deeper: [{ secretKey }, { 'X-Api-Key': apiKey }, { apiKey }] },
      request: {
        headers: { Authorization: `Bearer ${accessToken}` },
        body: { TfaCode: tfaCode, code_verifier: verifier, code: authCode },
      },
      user: { password, email: 'ann@example.com' },
      error: { code: 'invalid_grant' },
      tfa: tfaCode,
      token: refreshToken,
      secret: secretKey,
    });
    const text = await written();
    expectNoSecret(text);
    const line = JSON.parse(text) as Record<string, unknown>;
    expect(line).toMatchObject({
      expires_in: 3600,
      token_type: 'Bearer',
      user: { email: 'ann@example.com' },
      error: { code: 'invalid_grant' },
    });
    expect(line['refresh_token']).toBe('[redacted]');
  });

  it('scrubs bearer tokens, JWTs and secret parameters from free text and error messages', async () => {
    logger.warn(`request failed: Authorization: Bearer ${accessToken}`);
    logger.error('callback', {
      url: `http://127.0.0.1:53111/callback?code=${authCode}&state=xyz`,
      body: `grant_type=refresh_token&refresh_token=${refreshToken}&code_verifier=${verifier}`,
      json: JSON.stringify({ TfaCode: tfaCode, Amount: 0.5 }),
      idToken: `id ${jwt} end`,
      message: `two-factor code ${tfaCode} rejected`,
      error: new Error(`upstream said: secretKey=${secretKey}; apiKey: ${apiKey}`),
    });
    const text = await written();
    expectNoSecret(text);
    expect(text).toContain('state=xyz');
    expect(text).toContain('upstream said');
    expect(text).toContain('Bearer [redacted]');
  });

  it('scrubs registered secret values wherever they appear, even without a telling key', async () => {
    const rotated = `opaque-${'R4nd0m'.repeat(6)}`;
    logger.registerSecret(rotated);
    logger.registerSecret(secretKey);
    logger.info(`stored ${rotated} for later`, {
      list: [rotated, `prefix${secretKey}suffix`],
      [`key-${rotated}`]: 'value',
      harmless: 'nothing to see',
    });
    const text = await written();
    expect(text).not.toContain(rotated);
    expect(text).not.toContain(secretKey);
    expect(text).toContain('nothing to see');
  });

  it('stops scrubbing a value once forgotten, and ignores values too short to be a secret', async () => {
    logger.registerSecret('abc');
    logger.registerSecret('value-that-was-rotated-away');
    logger.forgetSecret('value-that-was-rotated-away');
    logger.info('abc value-that-was-rotated-away');
    const text = await written();
    expect(text).toContain('abc value-that-was-rotated-away');
  });

  it('survives cycles and very deep objects without throwing or leaking', async () => {
    const cyclic: Record<string, unknown> = { refreshToken };
    cyclic['self'] = cyclic;
    let deep: Record<string, unknown> = { accessToken };
    for (let i = 0; i < 20; i += 1) deep = { next: deep };
    logger.info('odd shapes', { cyclic, deep });
    const text = await written();
    expectNoSecret(text);
    expect(text).toContain('[circular]');
  });

  it('moves an oversized log aside at start-up, keeping one old generation', async () => {
    const folder = join(dir, 'rotating');
    const first = createLogger({ directory: folder, maxBytes: 200 });
    for (let i = 0; i < 10; i += 1) first.info(`line ${i} ${'x'.repeat(40)}`);
    await first.close();
    const second = createLogger({ directory: folder, maxBytes: 200 });
    second.info('fresh start');
    await second.flush();
    await second.close();
    expect(await readFile(join(folder, 'main.log.1'), 'utf8')).toContain('line 9');
    const current = await readFile(join(folder, 'main.log'), 'utf8');
    expect(current).toContain('fresh start');
    expect(current).not.toContain('line 9');
  });

  it('honours the level', async () => {
    const quiet = createLogger({ directory: join(dir, 'quiet'), level: 'warn' });
    quiet.info('not written');
    quiet.warn('written');
    await quiet.flush();
    const text = await readFile(quiet.filePath, 'utf8');
    await quiet.close();
    expect(text).toContain('written');
    expect(text).not.toContain('not written');
  });
});
