import { createInterfaceAClient, type InterfaceAClient } from '../../src-main/service/interface-a';
import { measured, type FigureModule, type FigureResult } from './support/figure';
import {
  bareInit,
  elapsedMs,
  openServiceSession,
  type ServiceRequest,
  type ServiceSession,
} from './support/service-session';
import { summarize } from './support/stats';

const RECORDS = 100;

interface Endpoint {
  readonly id: string;
  readonly title: string;
  readonly request: (i: number) => ServiceRequest;
  readonly viaClient: (client: InterfaceAClient, i: number) => Promise<unknown>;
}

// Pages cycle so neither side always gets the same (possibly cached) answer; each pair asks for the same page.
const pageOf = (i: number): number => (i % 200) + 1;

const endpoints: readonly Endpoint[] = [
  {
    id: 'client-overhead-wallets',
    title: 'Client overhead GET /wallets',
    request: () => ({ method: 'GET', path: '/wallets' }),
    viaClient: (client) => client.getWallets(),
  },
  {
    id: 'client-overhead-transactions',
    title: `Client overhead POST /transactions (${RECORDS})`,
    request: (i) => ({ method: 'POST', path: '/transactions', body: { page: pageOf(i), recordsPerPage: RECORDS } }),
    viaClient: (client, i) => client.getTransactions({ page: pageOf(i), recordsPerPage: RECORDS }),
  },
];

async function bare(session: ServiceSession, request: ServiceRequest): Promise<unknown> {
  const response = await fetch(`${session.apiRoot}${request.path}`, bareInit(session, request));
  const json = JSON.parse(await response.text()) as { code?: number };
  if (json.code !== 200) throw new Error(`bare ${request.path}: code ${String(json.code)}`);
  return json;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await run();
  return elapsedMs(started);
}

/**
 * The Interface A client (headers, timeout signal, envelope check, zod parse of the whole answer, error
 * mapping) against the least any caller must do: fetch and JSON.parse the same request with the same token.
 */
export const clientOverhead: FigureModule = {
  id: 'client-overhead',
  async measure({ sandbox, quick, progress }) {
    const session = await openServiceSession(sandbox);
    const client = createInterfaceAClient({
      baseUrl: session.baseUrl,
      accountGuid: session.accountGuid,
      auth: {
        getAccessToken: async () => session.accessToken,
        refreshAfter401: async () => {
          throw new Error('the sandbox refused the bench token');
        },
      },
    });
    const runs = quick ? 40 : 200;
    const results: FigureResult[] = [];
    for (const endpoint of endpoints) {
      progress(`${endpoint.title}: ${runs} interleaved pairs`);
      for (let i = 0; i < 30; i += 1) {
        await endpoint.viaClient(client, i);
        await bare(session, endpoint.request(i));
      }
      const clientMs: number[] = [];
      const bareMs: number[] = [];
      const ratios: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        // Alternate which goes first, so warm caches and GC pauses do not always favour one side.
        const viaClient = (): Promise<number> => timed(() => endpoint.viaClient(client, i));
        const viaBare = (): Promise<number> => timed(() => bare(session, endpoint.request(i)));
        let c: number;
        let b: number;
        if (i % 2 === 0) {
          c = await viaClient();
          b = await viaBare();
        } else {
          b = await viaBare();
          c = await viaClient();
        }
        clientMs.push(c);
        bareMs.push(b);
        ratios.push(c / b);
      }
      const clientSummary = summarize(clientMs);
      const bareSummary = summarize(bareMs);
      results.push(
        measured(
          {
            id: endpoint.id,
            title: endpoint.title,
            unit: '×',
            target: { value: 1.3 },
            method: `${runs} pairs, same token and account, order alternating: client call time ÷ bare fetch + JSON.parse time of the same request; median and p10/p90 of the per-pair ratios.`,
            note: `client ${clientSummary.median.toFixed(2)} ms vs bare ${bareSummary.median.toFixed(2)} ms (medians; their ratio ${(clientSummary.median / bareSummary.median).toFixed(2)}×)`,
            details: {
              clientMs: clientSummary,
              bareMs: bareSummary,
              ratioOfMedians: clientSummary.median / bareSummary.median,
            },
          },
          summarize(ratios),
        ),
      );
    }
    return results;
  },
};
