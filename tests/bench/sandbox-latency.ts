import { measured, type FigureModule, type FigureResult } from './support/figure';
import { bareInit, elapsedMs, openServiceSession, type ServiceRequest } from './support/service-session';
import { summarize } from './support/stats';

const requests: ReadonlyArray<{ id: string; title: string; request: (i: number) => ServiceRequest }> = [
  {
    id: 'sandbox-latency-wallets',
    title: 'Sandbox GET /wallets',
    request: () => ({ method: 'GET', path: '/wallets' }),
  },
  {
    id: 'sandbox-latency-transactions',
    title: 'Sandbox POST /transactions (100 of 20,000)',
    request: (i) => ({ method: 'POST', path: '/transactions', body: { page: (i % 200) + 1, recordsPerPage: 100 } }),
  },
];

/** The figure: the sandbox's answer time over loopback, seen by a client (request sent → whole body read). */
export const sandboxLatency: FigureModule = {
  id: 'sandbox-latency',
  async measure({ sandbox, quick, progress }) {
    const session = await openServiceSession(sandbox);
    const runs = quick ? 40 : 200;
    const samples = requests.map(() => [] as number[]);
    progress(`sandbox latency: ${runs} rounds of GET /wallets and POST /transactions`);
    const warmUp = 20;
    for (let i = 0; i < warmUp + runs; i += 1) {
      for (const [index, { request }] of requests.entries()) {
        const init = bareInit(session, request(i));
        const started = process.hrtime.bigint();
        const response = await fetch(`${session.apiRoot}${request(i).path}`, init);
        await response.arrayBuffer();
        const ms = elapsedMs(started);
        if (response.status !== 200) throw new Error(`${request(i).path} answered ${response.status}`);
        if (i >= warmUp) samples[index]!.push(ms);
      }
    }
    return requests.map(({ id, title }, index): FigureResult =>
      measured(
        {
          id,
          title,
          unit: 'ms',
          target: { value: 5, strict: true },
          method: `${runs} requests each (after 20 warm-up), interleaved, on the 20,000-record account, pages cycling; time from fetch() to the last byte of the body in this process, over loopback.`,
        },
        summarize(samples[index]!),
      ),
    );
  },
};
