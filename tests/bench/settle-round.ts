import type { SettleRoundResult } from '../../src-preload/contract/settle';
import type { SendPrecheck, SendReview } from '../../src-preload/contract/send';
import type { SwapQuote, SwapReview } from '../../src-preload/contract/swap';
import { startSandbox } from '../../sandbox/server';
import { startSignedInCore, type SignedInCore } from '../integration/support/signed-in-core';
import { createCodeSource, WIDE_TOTP_WINDOW } from '../support/two-factor-codes';
import { measured, type FigureModule } from './support/figure';
import { summarize } from './support/stats';

const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const BTC_TO_ETH = {
  fromSymbol: 'BTC',
  fromNetwork: 'Bitcoin Mainnet',
  toSymbol: 'ETH',
  toNetwork: 'Ethereum Mainnet',
  isUsdInput: false,
};

/** Lost moves, held unknown by the sandbox: sends and swaps by turns, each of its own amount. */
async function loseMoves(
  app: SignedInCore,
  count: number,
  nextCode: () => Promise<string>,
  sandboxFaults: {
    set(plan: Record<string, unknown>): void;
  },
): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const unresolved = async (kind: 'send' | 'swap') =>
      (await app.value<{ review: { intentId: string } }[]>(`${kind}.unresolved`)).map((entry) => entry.review.intentId);
    let intentId: string;
    let kind: 'send' | 'swap';
    if (index % 2 === 0) {
      kind = 'send';
      const amount = (0.0003 + index * 0.00001).toFixed(5);
      const precheck = await app.value<SendPrecheck>('send.precheck', {
        code: 'BTC',
        address: BTC_DESTINATION,
        amount,
      });
      const review = await app.value<SendReview>('send.confirm', {
        precheckId: precheck.precheckId,
        feeRate: 1,
        acknowledgedIntentIds: await unresolved('send'),
      });
      intentId = review.intentId;
    } else {
      kind = 'swap';
      const amount = (0.002 + index * 0.00001).toFixed(5);
      const quote = await app.value<SwapQuote>('swap.quote', { ...BTC_TO_ETH, amount });
      const review = await app.value<SwapReview>('swap.confirm', {
        quoteId: quote.quoteId,
        acknowledgedIntentIds: await unresolved('swap'),
      });
      intentId = review.intentId;
    }
    sandboxFaults.set({ lateCommitNext: 1, holdLateCommits: true });
    const lost = await app.failure(`${kind}.execute`, { intentId, tfaCode: await nextCode() });
    if (lost.code !== 'outcome_unknown') throw new Error(`a ${kind} meant to be lost ended ${lost.code}`);
  }
}

/**
 * The background settle round's cost to the service: N moves left unknown across two accounts (sends and
 * swaps, their commits held by the sandbox), then rounds, each counting the POST /transactions it sent per
 * account (X-Account-Guid). The figure is the most history requests any account saw in a round.
 */
export const settleRound: FigureModule = {
  id: 'settle-round',
  async measure({ quick, progress }) {
    const moves = quick ? 6 : 20;
    const rounds = quick ? 3 : 10;
    const sandbox = await startSandbox({
      port: 0,
      quiet: true,
      serviceProfile: 'strict',
      totpWindowSteps: WIDE_TOTP_WINDOW,
      rateLimit: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
    });
    const reads: string[] = [];
    const originalFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname.endsWith('/api/OAuth/transactions'))
        reads.push(new Headers(init?.headers).get('x-account-guid') ?? '');
      return originalFetch(input, init);
    };
    let app: SignedInCore | null = null;
    try {
      app = await startSignedInCore(sandbox, { username: 'alice', dirPrefix: 'wallet-desk-bench-settle-' });
      const nextCode = createCodeSource(app.user.totpSecret, WIDE_TOTP_WINDOW);
      const accounts = app.user.accounts.filter((account) => account.role === 'MerchantAdministrator').slice(0, 2);
      progress(`settle round: losing ${moves} moves across ${accounts.length} accounts`);
      for (const [index, account] of accounts.entries()) {
        await app.value('session.switchAccount', { accountGuid: account.guid });
        const share = Math.floor(moves / accounts.length) + (index < moves % accounts.length ? 1 : 0);
        await loseMoves(app, share, nextCode, sandbox.faults);
      }
      const perRound: number[] = [];
      const perRoundTotal: number[] = [];
      const roundOnce = async (): Promise<SettleRoundResult> => {
        const before = reads.length;
        const result = await app!.value<SettleRoundResult>('money.settleRound');
        const counts = new Map<string, number>();
        for (const account of reads.slice(before)) counts.set(account, (counts.get(account) ?? 0) + 1);
        perRound.push(Math.max(0, ...counts.values()));
        perRoundTotal.push(reads.length - before);
        return result;
      };
      progress(`settle round: ${rounds} rounds before the service commits, one after`);
      for (let round = 0; round < rounds; round += 1) {
        const result = await roundOnce();
        if (result.remaining !== moves) throw new Error(`a round before the commits left ${result.remaining} unknown`);
      }
      sandbox.releaseLateCommits();
      const last = await roundOnce();
      return [
        measured(
          {
            id: 'settle-round-requests',
            title: `Settle round: history requests per account per round (${moves} unknown moves, ${accounts.length} accounts)`,
            unit: 'requests',
            target: { value: 1 },
            method: `${moves} sends and swaps left unknown across ${accounts.length} accounts (strict sandbox, commits held), then ${rounds} rounds before the commits and one after; each round's POST /transactions counted per account (X-Account-Guid); median and spread of the per-round maximum.`,
            note: `the round after the commits settled ${last.settled.length} of ${moves}, leaving ${last.remaining} unknown`,
            details: { perRoundTotal: summarize(perRoundTotal), settledAfterCommit: last.settled.length },
          },
          summarize(perRound),
        ),
      ];
    } finally {
      globalThis.fetch = originalFetch;
      await app?.close();
      await sandbox.close();
    }
  },
};
