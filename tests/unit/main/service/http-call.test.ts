import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  createHttpCaller,
  libraryFetch,
  MAX_ANSWER_BYTES,
  parseRetryAfter,
  readBytesUpTo,
  ReaderFailure,
  successData,
  type ServiceRequest,
} from '../../../../src-main/service/http-call';
import { createInterfaceAClient } from '../../../../src-main/service/interface-a';
import { createInterfaceBClient } from '../../../../src-main/service/interface-b';
import { createRecordingLogger } from '../../support/recording-logger';

const words = {
  logName: 'test service',
  moneyMoveUnknown: 'No answer: it is not known whether the money moved.',
  timedOut: 'Too slow.',
  unreachable: 'Not reachable.',
};

const call = (movesMoney: boolean): ServiceRequest => ({
  method: 'POST',
  url: 'https://service.example/api/thing',
  headers: { Accept: 'application/json' },
  body: '{"a":1}',
  movesMoney,
  logFields: { path: '/thing' },
});

/** A fetch that never answers until its signal aborts, as a service that hangs. */
const hanging: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });

describe('the one HTTP call path', () => {
  it('sends the exact body once, with no redirects followed, and reads the answer as JSON with its Retry-After', async () => {
    const seen: RequestInit[] = [];
    const request = createHttpCaller({
      words,
      fetch: async (_url, init) => {
        seen.push(init ?? {});
        return new Response('{"apiVersion":"1","data":null,"code":429,"message":"Rate limit exceeded"}', {
          status: 429,
          headers: { 'retry-after': '7' },
        });
      },
    });
    const answer = await request(call(true));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"a":1}', redirect: 'error' });
    expect(answer).toMatchObject({ status: 429, retryAfter: '7', envelope: { code: 429, data: null } });
  });

  it('reads an empty body or one that is not JSON as no envelope, never as a throw', async () => {
    for (const text of ['', '<html>bad gateway</html>', '{"code":']) {
      const request = createHttpCaller({ words, fetch: async () => new Response(text, { status: 502 }) });
      expect(await request(call(false))).toMatchObject({ status: 502, envelope: null, json: null });
    }
  });

  it('gives up after the timeout: a read is a network error, a money move an unknown outcome', async () => {
    const logger = createRecordingLogger();
    const request = createHttpCaller({ words, fetch: hanging, timeoutMs: 30, logger });
    await expect(request(call(false))).rejects.toMatchObject({ code: 'network', message: 'Too slow.' });
    await expect(request(call(true))).rejects.toMatchObject({
      code: 'outcome_unknown',
      message: words.moneyMoveUnknown,
    });
    expect(logger.entries.filter((entry) => entry.message === 'test service call failed without an answer')).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ path: '/thing', timedOut: true }) }),
      expect.objectContaining({ details: expect.objectContaining({ path: '/thing', timedOut: true }) }),
    ]);
  });

  it('a connection that fails is unreachable for a read and unknown for a money move', async () => {
    const request = createHttpCaller({
      words,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(request(call(false))).rejects.toMatchObject({ code: 'network', message: 'Not reachable.' });
    await expect(request(call(true))).rejects.toMatchObject({ code: 'outcome_unknown' });
  });

  it('an answer cut off while its body is read counts as no answer', async () => {
    const request = createHttpCaller({
      words,
      fetch: async () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"code":200,'));
              controller.error(new TypeError('terminated'));
            },
          }),
        ),
    });
    await expect(request(call(true))).rejects.toMatchObject({ code: 'outcome_unknown' });
  });

  it('stops reading an answer that never ends past MAX_ANSWER_BYTES: refused in words for a read, unknown for a money move', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    for (const movesMoney of [false, true]) {
      let pulled = 0;
      let cancelled = false;
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
        cancel() {
          cancelled = true;
        },
      });
      const request = createHttpCaller({ words, fetch: async () => new Response(endless) });
      const refusal = await request(call(movesMoney)).catch((error: unknown) => error);
      expect(refusal).toMatchObject(
        movesMoney
          ? { code: 'outcome_unknown', message: words.moneyMoveUnknown }
          : { code: 'service_error', message: 'The service sent an answer too large for the app to read.' },
      );
      expect(cancelled).toBe(true);
      // At most the cap and what the stream had queued ahead of the reader.
      expect(pulled).toBeLessThanOrEqual(MAX_ANSWER_BYTES + 4 * chunk.byteLength);
    }
  });

  it('reads an answer just under MAX_ANSWER_BYTES whole', async () => {
    const text = `{"code":200,"data":"${'x'.repeat(MAX_ANSWER_BYTES - 40)}"}`;
    const request = createHttpCaller({ words, fetch: async () => new Response(text) });
    const answer = await request(call(false));
    expect((answer.json as { data: string }).data).toHaveLength(MAX_ANSWER_BYTES - 40);
  });

  it("passes a reader's own failure through as it was, not as a lost answer", async () => {
    const own = new Error('disk full');
    const request = createHttpCaller({ words, fetch: async () => new Response('{}') });
    await expect(
      request(call(true), async () => {
        throw new ReaderFailure(own);
      }),
    ).rejects.toBe(own);
  });

  it("ends a call whose answer has not begun at the caller's stop, with its reason, and logs no failure", async () => {
    const logger = createRecordingLogger();
    let asked = 0;
    const request = createHttpCaller({
      words,
      logger,
      timeoutMs: 60_000,
      fetch: (input, init) => {
        asked += 1;
        return hanging(input, init);
      },
    });
    const stop = new AbortController();
    const reason = new Error('cancelled by the user');
    const pending = request({ ...call(false), signal: stop.signal });
    stop.abort(reason);
    // Only the stop can end it: the timeout is a minute away and the fetch never answers.
    await expect(pending).rejects.toBe(reason);
    const stopped = new AbortController();
    stopped.abort(reason);
    await expect(request({ ...call(false), signal: stopped.signal })).rejects.toBe(reason);
    // A call stopped before it began sends nothing.
    expect(asked).toBe(1);
    expect(logger.entries).toEqual([]);
  });

  it('refuses a stop on a money move before anything is sent', async () => {
    let asked = 0;
    const request = createHttpCaller({
      words,
      fetch: async () => {
        asked += 1;
        return new Response('{}');
      },
    });
    await expect(request({ ...call(true), signal: new AbortController().signal })).rejects.toThrow(TypeError);
    expect(asked).toBe(0);
  });
});

describe("openid-client's fetch on the same path", () => {
  it('keeps the library’s request but never follows a redirect, and hands back the answer read whole', async () => {
    const seen: RequestInit[] = [];
    const through = libraryFetch({
      fetch: async (_input, init) => {
        seen.push(init ?? {});
        return new Response('{"issuer":"https://login.example"}', { status: 200, headers: { date: 'Mon' } });
      },
    });
    const answer = await through('https://login.example/.well-known/openid-configuration', {
      method: 'GET',
      headers: { accept: 'application/json' },
      redirect: 'manual',
    });
    await through('https://login.example/token', { method: 'POST' });
    expect(seen.map((init) => init.redirect)).toEqual(['manual', 'error']);
    expect(seen[0]?.headers).toEqual({ accept: 'application/json' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('date')).toBe('Mon');
    expect(await answer.json()).toEqual({ issuer: 'https://login.example' });
  });

  it('stops reading an answer past its bound with the caller’s refusal', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const through = libraryFetch({
      fetch: async () => new Response(endless, { status: 200 }),
      maxBytes: 4 * 1024,
      tooLarge: () => new Error('far too large'),
    });
    await expect(through('https://login.example/x', {})).rejects.toThrow('far too large');
    expect(pulled).toBeLessThan(10);
  });
});

describe('success answers are checked with their schema', () => {
  const schema = z.object({ txId: z.string() });
  const unreadable = { logName: 'test service', moneyMoveUnknown: 'Unknown outcome.', unreadable: 'Cannot read it.' };
  const answer = (json: unknown) => ({ status: 200, retryAfter: null, envelope: null, json });

  it('returns the data of a matching envelope', () => {
    const data = successData(
      schema,
      answer({ apiVersion: '1', code: 200, message: 'ok', data: { txId: 't-1' } }),
      { path: '/x', movesMoney: true },
      unreadable,
      undefined,
    );
    expect(data).toEqual({ txId: 't-1' });
  });

  it('a mismatch is an unknown outcome on a money move and a service error elsewhere; the log names paths, not values', () => {
    const logger = createRecordingLogger();
    const body = answer({ apiVersion: '1', code: 200, message: 'ok', data: { txId: 12345.678 } });
    expect(() => successData(schema, body, { path: '/send', movesMoney: true }, unreadable, logger)).toThrow(
      expect.objectContaining({ code: 'outcome_unknown', message: 'Unknown outcome.' }),
    );
    expect(() => successData(schema, body, { path: '/wallets', movesMoney: false }, unreadable, logger)).toThrow(
      expect.objectContaining({ code: 'service_error', message: 'Cannot read it.' }),
    );
    expect(logger.text()).toContain('data.txId');
    expect(logger.text()).not.toContain('12345.678');
  });
});

describe('Retry-After', () => {
  it('reads seconds or an HTTP date, defaults to 10 s and caps at an hour', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter(new Date(1_000_000 + 12_000).toUTCString(), 1_000_000)).toBe(12);
    expect(parseRetryAfter(new Date(0).toUTCString(), 1_000_000)).toBe(0);
    expect(parseRetryAfter('999999')).toBe(3600);
    expect(parseRetryAfter(null)).toBe(10);
    expect(parseRetryAfter('soon')).toBe(10);
  });
});

describe('both service clients use it', () => {
  it('Interface A and Interface B give up at their timeout, and call a lost money move unknown', async () => {
    const a = createInterfaceAClient({
      baseUrl: 'https://service.example',
      accountGuid: 'acc-1',
      auth: { getAccessToken: async () => 'token', refreshAfter401: async () => 'token' },
      fetch: hanging,
      timeoutMs: 30,
    });
    await expect(a.getWallets()).rejects.toMatchObject({ code: 'network' });
    await expect(
      a.send(
        {
          symbol: 'ETH',
          address: '0x52908400098527886E0F7030069857D2E4169EE7',
          amount: 1,
          feeRate: 1,
          referenceId: 'r',
        },
        '123456',
      ),
    ).rejects.toMatchObject({ code: 'outcome_unknown' });

    const b = createInterfaceBClient({
      apiUrl: 'https://merchant.example',
      publicKey: 'pk',
      secretKey: 'sk',
      fetch: hanging,
      timeoutMs: 30,
    });
    await expect(b.balances()).rejects.toMatchObject({ code: 'network' });
    await expect(
      b.withdraw(
        {
          ReferenceId: 'r',
          Amount: '1',
          Symbol: 'ETH',
          NetworkId: 3,
          Address: '0x1',
          Label: '',
          MerchantTransactionId: 'm',
          Email: 'a@b.c',
        },
        '123456',
      ),
    ).rejects.toMatchObject({ code: 'outcome_unknown' });
  });
});

describe('a request-signing key that cannot sign', () => {
  it('refuses before anything is sent, saying nothing was sent, without the key in the error', async () => {
    let calls = 0;
    const damaged =
      '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC-damaged\n-----END PRIVATE KEY-----\n';
    const b = createInterfaceBClient({
      apiUrl: 'https://merchant.example',
      publicKey: 'pk',
      secretKey: 'sk',
      signingKey: damaged,
      fetch: async () => {
        calls += 1;
        return new Response('{}');
      },
    });
    const request = {
      ReferenceId: 'r',
      Amount: '1',
      Symbol: 'ETH',
      NetworkId: 3,
      Address: '0x1',
      Label: '',
      MerchantTransactionId: 'm',
      Email: 'a@b.c',
    };
    const error = await b.withdraw(request, '123456').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'not_configured', message: expect.stringMatching(/nothing was sent/) });
    expect(JSON.stringify(error)).not.toContain('MIIEvQ');
    expect(String((error as Error).cause)).not.toContain('MIIEvQ');
    await expect(b.balances()).rejects.toMatchObject({ code: 'not_configured' });
    expect(calls).toBe(0);
  });
});

describe('readBytesUpTo', () => {
  /** A response whose body arrives in the given pieces, with the Content-Length it claims (if any). */
  function answerOf(pieces: readonly Uint8Array[], contentLength?: number): Response {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(piece);
        controller.close();
      },
    });
    const headers = contentLength === undefined ? {} : { 'content-length': String(contentLength) };
    return new Response(body, { headers });
  }
  const bytes = (length: number, from = 0) => Uint8Array.from({ length }, (_, i) => (from + i) % 251);
  const refused = () => new Error('too large');

  it('reads every byte in order, whatever length the answer claims', async () => {
    const pieces = [bytes(1), bytes(70_000, 1), bytes(3, 70_001), bytes(200_000, 70_004)];
    const whole = bytes(270_004);
    for (const claimed of [undefined, 0, 10, 270_004, 5_000_000, Number.NaN]) {
      const read = await readBytesUpTo(answerOf(pieces, claimed), 1_000_000, refused);
      expect(Buffer.from(read).equals(Buffer.from(whole)), String(claimed)).toBe(true);
    }
  });

  it('refuses a body past the limit even when its Content-Length says it is small', async () => {
    await expect(readBytesUpTo(answerOf([bytes(600), bytes(600)], 100), 1_000, refused)).rejects.toThrow('too large');
  });

  it('stops with the reason of the signal once it is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(readBytesUpTo(answerOf([bytes(10)]), 1_000, refused, controller.signal)).rejects.toThrow('stopped');
  });
});
