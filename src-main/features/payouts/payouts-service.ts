import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import {
  DraftFile,
  type BatchCheck,
  type CsvCheckInput,
  type DeskRule,
  type DraftContent,
  type DraftSummary,
  type DraftView,
  type PayoutRow,
  type PayoutRowView,
  type WithdrawalTarget,
} from '../../../src-preload/contract/payouts';
import type { SendStatus } from '../../../src-preload/contract/send';
import type { WithdrawStatus } from '../../../src-preload/contract/withdraw';
import { AppError } from '../../app-error';
import type { Logger } from '../../logging/logger';
import { fromServiceNumber, toServiceNumber } from '../../service/wire-amount';
import type { PayoutWithdrawals } from '../withdraw';
import type { SessionService } from '../session';
import { checkBatch } from './batch-check';
import { fingerprintOf, sha256Hex, shortFingerprint } from './canonical-form';
import {
  deskRuleView,
  executionRefusal,
  requireMayExecute,
  requireVisible,
  visibleTo,
  type DraftReader,
} from './draft-access';
import type { PayoutStore, RowRecord, StoredDraft } from './payout-store';
import { resultsCsv } from './results-csv';
import { rowView } from './row-view';
import { sendMover, STANDARD_FEE, withdrawMover, type PayoutSend, type RowMover } from './row-movers';

export interface PayoutsDeps {
  readonly session: Pick<
    SessionService,
    'activeUser' | 'activeAccount' | 'view' | 'interfaceA' | 'requireMoneyMovingRole'
  >;
  readonly send: PayoutSend;
  /** Rows that are merchant withdrawals; without it, a draft of withdrawals is refused. */
  readonly withdrawals?: PayoutWithdrawals | undefined;
  readonly store: PayoutStore;
  readonly logger: Logger;
  readonly now?: () => number;
}

/** TOTP's period (RFC 6238): one code per row, each from its own period. */
const CODE_PERIOD_MS = 30_000;

/**
 * Payout drafts and batches (security.md 42): prepared by anyone with access to an account, executed row by
 * row by a role that may move money with their own code, each row a send of its own on the send's intent
 * machine under a reference fixed when the draft was made, so a resume or a restart never pays a row twice.
 */
export function createPayouts(deps: PayoutsDeps) {
  const now = deps.now ?? Date.now;
  const { store, send } = deps;
  /** Rows being executed now, by draft and reference: a second press joins nothing and is refused. */
  const running = new Set<string>();

  function reader(): DraftReader {
    const user = deps.session.activeUser();
    return { user, accounts: deps.session.view().accounts, active: deps.session.activeAccount() };
  }

  function knowsReference(reference: string): boolean {
    return (
      send.knowsReference(reference) ||
      (deps.withdrawals?.knows(reference) ?? false) ||
      store.drafts().some((draft) => draft.content.rows.some((row) => row.reference === reference))
    );
  }

  function requireWithdrawals(): PayoutWithdrawals {
    if (!deps.withdrawals) throw new AppError('forbidden', 'Merchant withdrawals are not available here.');
    return deps.withdrawals;
  }

  /** The machine a draft's rows run on: the send's, or the merchant withdrawal's. */
  function moverFor(content: DraftContent): RowMover {
    switch (content.kind) {
      case 'send':
        return sendMover(send, deps.session, content.accountGuid);
      case 'withdraw':
        return withdrawMover(requireWithdrawals(), deps.session, content.withdrawal);
    }
  }

  function check(input: CsvCheckInput): Promise<BatchCheck> {
    const who = reader();
    if (input.withdrawal !== undefined) return checkWithdrawals(input, input.withdrawal, who);
    const client = deps.session.interfaceA();
    return checkBatch(input.lines, input.decimalSeparator, {
      knowsReference,
      newReference: () => randomUUID(),
      async wallets() {
        const { wallets } = await client.getWallets();
        return wallets.map((wallet) => ({
          symbol: wallet.symbol,
          amount: fromServiceNumber(wallet.amount),
          price: fromServiceNumber(wallet.price),
        }));
      },
      async feeOf(code, address, amount) {
        try {
          const result = await client.sendPrecheck({ symbol: code, address, amount: toServiceNumber(amount) });
          const standard = result.feeData.find((fee) => fee.feeRate === STANDARD_FEE);
          return standard ? { fee: fromServiceNumber(standard.fee), feeSymbol: standard.symbol } : null;
        } catch (error) {
          deps.logger.info('payout check could not read a fee', {
            asset: code,
            error: error instanceof AppError ? error.code : 'unknown',
          });
          return null;
        }
      },
    });
  }

  /**
   * A batch of merchant withdrawals: the checks of a send batch, and each address must be verified for its
   * asset under the batch's member reference with the user's merchant keys; totals are against the merchant
   * balances. Interface B quotes no withdrawal fee, so none is added.
   */
  async function checkWithdrawals(input: CsvCheckInput, target: WithdrawalTarget, who: DraftReader) {
    if (who.active.isPersonalAccount) {
      throw new AppError('forbidden', 'A personal account has no merchant withdrawals. Switch to a business account.');
    }
    const withdrawals = requireWithdrawals();
    const [verified, balances, prices] = await Promise.all([
      withdrawals.verifiedUnder(target.memberReference),
      withdrawals.balances(),
      walletPrices(),
    ]);
    return checkBatch(input.lines, input.decimalSeparator, {
      knowsReference,
      newReference: () => randomUUID(),
      verified: (code, address) =>
        verified(code, address)
          ? null
          : `This address is not a verified withdrawal address of this merchant account for ${code} under the member reference ${target.memberReference}. Verify it first under Verified addresses.`,
      async wallets() {
        return balances.map((balance) => ({
          symbol: balance.code,
          amount: new Decimal(balance.amount),
          price: prices.find((wallet) => wallet.symbol.toUpperCase() === balance.code.toUpperCase())?.price ?? null,
        }));
      },
      feeOf: async () => null,
    });
  }

  /** USD prices of the active account's wallets, by the service's codes; none when they cannot be read. */
  async function walletPrices(): Promise<{ symbol: string; price: Decimal }[]> {
    try {
      const { wallets } = await deps.session.interfaceA().getWallets();
      return wallets.map((wallet) => ({ symbol: wallet.symbol, price: fromServiceNumber(wallet.price) }));
    } catch (error) {
      deps.logger.info('payout check could not read prices', {
        error: error instanceof AppError ? error.code : 'unknown',
      });
      return [];
    }
  }

  function summary(draft: StoredDraft): DraftSummary {
    const { content } = draft;
    return {
      draftId: draft.id,
      kind: content.kind,
      title: content.title,
      accountGuid: content.accountGuid,
      preparedBy: content.preparedBy,
      preparedAt: content.preparedAt,
      rowCount: content.rows.length,
      fingerprint: fingerprintOf(content),
      importedBy: draft.importedBy ? { name: draft.importedBy.name, at: draft.importedBy.at } : null,
    };
  }

  function viewOf(draft: StoredDraft, row: PayoutRow): PayoutRowView {
    const record = draft.rows[row.reference];
    const intentId = record && 'intentId' in record ? record.intentId : null;
    return rowView(row, record, intentId ? moverFor(draft.content).statusIfKnown(intentId) : null);
  }

  function requireRow(draft: StoredDraft, reference: string): PayoutRow {
    const row = draft.content.rows.find((candidate) => candidate.reference === reference);
    if (!row) throw new AppError('not_found', 'This row is not in the draft. Reload the draft.');
    return row;
  }

  function stamp(by: string): { by: string; at: string } {
    return { by, at: new Date(now()).toISOString() };
  }

  /** Writes down what a send's answer was, so the row reads the same to the next person and after a restart. */
  async function noteAnswer(draft: StoredDraft, row: PayoutRow, intentId: string | null, by: string) {
    const live = intentId ? moverFor(draft.content).statusIfKnown(intentId) : null;
    const stamped = stamp(by);
    let next: RowRecord | null = null;
    if (live?.state === 'succeeded' && live.outcome) {
      next = {
        state: 'succeeded',
        intentId,
        txId: live.outcome.txId,
        explorerUrl: live.outcome.explorerUrl,
        ...stamped,
      };
    } else if (live?.state === 'refused' || live?.state === 'unknown' || live?.state === 'closed') {
      const state = live.state === 'refused' ? 'refused' : 'unknown';
      next = { state, intentId, message: live.error?.message ?? 'No answer was written down.', ...stamped };
    }
    if (next === null) return;
    try {
      await store.setRow(draft.id, row.reference, next);
    } catch (error) {
      // The send's own journal holds what matters; the row reads as interrupted until the next write.
      deps.logger.warn('payout row answer not written down', { reference: row.reference });
      void error;
    }
  }

  /** A row no send of this run knows: its reference is looked up first, as a refused send's is (security.md 39). */
  async function traced(draft: StoredDraft, row: PayoutRow, by: string): Promise<boolean> {
    let trace: Awaited<ReturnType<RowMover['traceReference']>>;
    try {
      trace = await moverFor(draft.content).traceReference(row.reference);
    } catch (cause) {
      throw new AppError(
        'service_error',
        'Wallet Desk could not read the history to make sure this row was not paid already, so nothing was sent. Try again in a moment.',
        { cause },
      );
    }
    switch (trace.kind) {
      case 'none':
        return false;
      case 'moved':
        await store.setRow(draft.id, row.reference, {
          state: 'succeeded',
          intentId: null,
          txId: trace.outcome.txId,
          explorerUrl: trace.outcome.explorerUrl,
          ...stamp(by),
        });
        return true;
      case 'seen':
        await store.setRow(draft.id, row.reference, {
          state: 'unknown',
          intentId: null,
          message: trace.note.message,
          ...stamp(by),
        });
        throw new AppError('outcome_unknown', trace.note.message);
    }
  }

  /** A row never sent: one intent under the row's reference, checked again, written down, then sent once. */
  async function sendFresh(
    draft: StoredDraft,
    row: PayoutRow,
    by: string,
    tfaCode: string,
    acknowledged: readonly string[] | undefined,
  ): Promise<void> {
    const mover = moverFor(draft.content);
    if (mover.knowsReference(row.reference)) {
      throw new AppError(
        'stale_precheck',
        `Another payment here already has the reference ${row.reference}, so this row is not sent. Skip it, or check the other payment.`,
      );
    }
    const intentId = await mover.confirm(row, acknowledged);
    // The row is marked as sent before its request can leave, so a restart never takes it for a waiting one.
    await store.setRow(draft.id, row.reference, { state: 'sending', intentId, ...stamp(by) });
    try {
      await mover.execute(intentId, tfaCode, acknowledged);
    } finally {
      await noteAnswer(draft, row, intentId, by);
    }
  }

  async function executeRow(input: {
    draftId: string;
    reference: string;
    tfaCode: string;
    acknowledgedIntentIds?: readonly string[] | undefined;
  }): Promise<{ row: PayoutRowView; nextCodeInSeconds: number }> {
    const who = reader();
    const draft = requireVisible(who, store.get(input.draftId));
    requireMayExecute(who, draft, store.deskRule(draft.content.accountGuid));
    moverFor(draft.content).requireRole();
    const row = requireRow(draft, input.reference);
    const key = JSON.stringify([draft.id, row.reference]);
    if (running.has(key)) throw new AppError('in_flight', 'This row is already being sent. Wait for its result.');
    running.add(key);
    try {
      await runRow(draft, row, who.user.userGuid, input.tfaCode, input.acknowledgedIntentIds);
    } finally {
      running.delete(key);
    }
    const untilNext = CODE_PERIOD_MS - (now() % CODE_PERIOD_MS);
    const latest = requireVisible(who, store.get(input.draftId));
    return { row: viewOf(latest, row), nextCodeInSeconds: Math.min(30, Math.max(1, Math.ceil(untilNext / 1_000))) };
  }

  async function runRow(
    draft: StoredDraft,
    row: PayoutRow,
    by: string,
    tfaCode: string,
    acknowledged: readonly string[] | undefined,
  ): Promise<void> {
    const view = viewOf(draft, row);
    switch (view.state) {
      case 'succeeded':
        return;
      case 'skipped':
        throw new AppError('stale_precheck', 'This row was skipped, so it is not sent.');
      case 'sending':
        throw new AppError('in_flight', 'This row is already being sent. Wait for its result.');
      case 'unknown':
      case 'closed':
        throw new AppError(
          'outcome_unknown',
          'The outcome of this row is not known, so it is never sent again. Check its status; it is also listed with the other sends whose outcome is unknown.',
        );
      case 'refused':
        if (view.intentId !== null && moverFor(draft.content).statusIfKnown(view.intentId)?.state === 'refused') {
          // The row's own machine looks its reference up before it goes again (security.md 39).
          try {
            await moverFor(draft.content).execute(view.intentId, tfaCode, acknowledged);
          } finally {
            await noteAnswer(draft, row, view.intentId, by);
          }
          return;
        }
        if (await traced(draft, row, by)) return;
        await sendFresh(draft, row, by, tfaCode, acknowledged);
        return;
      case 'interrupted':
        if (await traced(draft, row, by)) return;
        await sendFresh(draft, row, by, tfaCode, acknowledged);
        return;
      case 'waiting':
        await sendFresh(draft, row, by, tfaCode, acknowledged);
        return;
    }
  }

  function newContent(
    title: string,
    rows: PayoutRow[],
    who: DraftReader,
    withdrawal: WithdrawalTarget | undefined,
  ): DraftContent {
    const fields = {
      accountGuid: who.active.guid,
      title,
      preparedBy: { userGuid: who.user.userGuid, name: who.user.name },
      preparedAt: new Date(now()).toISOString(),
      rows,
    };
    return withdrawal === undefined ? { kind: 'send', ...fields } : { kind: 'withdraw', withdrawal, ...fields };
  }

  return {
    check,

    async save(input: CsvCheckInput & { title: string }): Promise<DraftSummary> {
      const who = reader();
      const checked = await check(input);
      if (checked.problems.length > 0) {
        const count = checked.problems.length;
        throw new AppError(
          'bad_input',
          count === 1
            ? 'One row of the file has a problem. Fix it and check the file again; nothing was saved.'
            : `Rows of the file have ${count} problems. Fix them and check the file again; nothing was saved.`,
        );
      }
      const draft: StoredDraft = {
        id: randomUUID(),
        content: newContent(input.title, checked.rows, who, input.withdrawal),
        importedBy: null,
        rows: {},
      };
      await store.put(draft);
      deps.logger.info('payout draft saved', { rows: checked.rows.length });
      return summary(draft);
    },

    list(): DraftSummary[] {
      const who = reader();
      return store
        .drafts()
        .filter((draft) => draft.content.accountGuid === who.active.guid && visibleTo(who, draft))
        .map(summary);
    },

    get(draftId: string): DraftView {
      const who = reader();
      const draft = requireVisible(who, store.get(draftId));
      const refusal = executionRefusal(who, draft, store.deskRule(draft.content.accountGuid));
      return {
        ...summary(draft),
        rows: draft.content.rows.map((row) => viewOf(draft, row)),
        execution: { allowed: refusal === null, reason: refusal },
      };
    },

    async remove(draftId: string): Promise<{ removed: boolean }> {
      const who = reader();
      const draft = requireVisible(who, store.get(draftId));
      if (Object.values(draft.rows).some((entry) => entry.state !== 'skipped')) {
        throw new AppError(
          'forbidden',
          'Rows of this draft have been sent, so it is kept as the record of what was paid.',
        );
      }
      await store.remove(draft.id);
      return { removed: true };
    },

    export(draftId: string): { fileName: string; text: string; fingerprint: string } {
      const draft = requireVisible(reader(), store.get(draftId));
      const sha256 = sha256Hex(draft.content);
      const file: DraftFile = { format: 'wallet-desk-payout-draft', version: 1, content: draft.content, sha256 };
      const fingerprint = shortFingerprint(sha256);
      return {
        fileName: `payout-draft-${fingerprint.replaceAll(' ', '').toLowerCase()}.json`,
        text: `${JSON.stringify(file, null, 2)}\n`,
        fingerprint,
      };
    },

    /** Reads a draft file into a draft of this computer; it never executes anything. */
    async import(text: string): Promise<DraftSummary> {
      const who = reader();
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        throw new AppError('bad_input', 'This file is not a payout draft: it is not JSON text.');
      }
      const parsed = DraftFile.safeParse(raw);
      if (!parsed.success) {
        throw new AppError(
          'bad_input',
          'This file is not a payout draft Wallet Desk can read, or parts of it are missing.',
        );
      }
      const { content, sha256 } = parsed.data;
      if (sha256Hex(content) !== sha256) {
        throw new AppError(
          'bad_input',
          'This draft was changed after it was exported: its content no longer matches the fingerprint written in it. Ask for a new export.',
        );
      }
      if (!who.accounts.some((account) => account.guid === content.accountGuid)) {
        throw new AppError('forbidden', 'This draft pays from an account you have no access to.');
      }
      const same = store.drafts().find((draft) => sha256Hex(draft.content) === sha256);
      if (same) return summary(same);
      const taken = content.rows.find((row) => knowsReference(row.reference));
      if (taken) {
        throw new AppError(
          'bad_input',
          `The reference ${taken.reference} on line ${taken.line} already belongs to a payment or draft this app knows, so the draft was not imported.`,
        );
      }
      const draft: StoredDraft = {
        id: randomUUID(),
        content,
        importedBy: { ...who.user, at: new Date(now()).toISOString() },
        rows: {},
      };
      await store.put(draft);
      deps.logger.info('payout draft imported', { rows: content.rows.length });
      return summary(draft);
    },

    deskRule(): DeskRule {
      const who = reader();
      return deskRuleView(who.active.guid, store.deskRule(who.active.guid));
    },

    async setDeskRule(separateApprover: boolean): Promise<DeskRule> {
      const who = reader();
      if (!who.active.canMoveMoney) {
        throw new AppError(
          'forbidden',
          `Your role (${who.active.role}) in ${who.active.name} cannot change the desk rules. Ask an administrator of the account.`,
        );
      }
      const rule = { separateApprover, changedBy: who.user.name, changedAt: new Date(now()).toISOString() };
      await store.setDeskRule(who.active.guid, rule);
      deps.logger.info('payout desk rule changed', { separateApprover });
      return deskRuleView(who.active.guid, rule);
    },

    executeRow,

    /** Check status for a row: its send's own look-up, or the reference in the history. Never sends. */
    async checkRow(
      draftId: string,
      reference: string,
    ): Promise<{ row: PayoutRowView; status: SendStatus | WithdrawStatus | null }> {
      const who = reader();
      const draft = requireVisible(who, store.get(draftId));
      const row = requireRow(draft, reference);
      const view = viewOf(draft, row);
      const mover = moverFor(draft.content);
      if (view.intentId !== null && mover.statusIfKnown(view.intentId) !== null) {
        const status = await mover.reconcile(view.intentId);
        await noteAnswer(draft, row, view.intentId, view.executedBy ?? who.user.userGuid);
        const latest = requireVisible(who, store.get(draftId));
        return { row: viewOf(latest, row), status };
      }
      if (view.state === 'interrupted' || view.state === 'unknown') {
        const trace = await mover.traceReference(row.reference);
        if (trace.kind === 'moved') {
          await store.setRow(draft.id, row.reference, {
            state: 'succeeded',
            intentId: view.intentId,
            txId: trace.outcome.txId,
            explorerUrl: trace.outcome.explorerUrl,
            ...stamp(view.executedBy ?? who.user.userGuid),
          });
        }
      }
      const latest = requireVisible(who, store.get(draftId));
      return { row: viewOf(latest, row), status: null };
    },

    async skipRow(draftId: string, reference: string): Promise<PayoutRowView> {
      const who = reader();
      const draft = requireVisible(who, store.get(draftId));
      requireMayExecute(who, draft, store.deskRule(draft.content.accountGuid));
      const row = requireRow(draft, reference);
      const view = viewOf(draft, row);
      if (view.state !== 'waiting' && view.state !== 'refused' && view.state !== 'skipped') {
        throw new AppError(
          'forbidden',
          'Only a row that was never sent, or that the service refused, can be skipped. This one may have moved money.',
        );
      }
      await store.setRow(draft.id, reference, { state: 'skipped', ...stamp(who.user.userGuid) });
      return viewOf(requireVisible(who, store.get(draftId)), row);
    },

    results(draftId: string): { fileName: string; text: string } {
      const draft = requireVisible(reader(), store.get(draftId));
      const rows = draft.content.rows.map((row) => viewOf(draft, row));
      return { fileName: `payout-results-${draft.id.slice(0, 8)}.csv`, text: resultsCsv(rows) };
    },
  };
}
export type Payouts = ReturnType<typeof createPayouts>;
