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
} from '../../../src-preload/contract/payouts';
import type { SendOutcome, SendStatus } from '../../../src-preload/contract/send';
import { AppError } from '../../app-error';
import type { Logger } from '../../logging/logger';
import { fromServiceNumber, toServiceNumber } from '../../service/wire-amount';
import type { SendService } from '../send';
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

export interface PayoutsDeps {
  readonly session: Pick<
    SessionService,
    'activeUser' | 'activeAccount' | 'view' | 'interfaceA' | 'requireMoneyMovingRole'
  >;
  readonly send: Pick<
    SendService,
    'precheck' | 'confirm' | 'execute' | 'reconcile' | 'knowsReference' | 'statusIfKnown' | 'traceReference'
  >;
  readonly store: PayoutStore;
  readonly logger: Logger;
  readonly now?: () => number;
}

/** TOTP's period (RFC 6238): one code per row, each from its own period. */
const CODE_PERIOD_MS = 30_000;

/** The fee level of every payout row: the service's Standard (spec 2.2). */
const STANDARD_FEE = 1;

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
      store.drafts().some((draft) => draft.content.rows.some((row) => row.reference === reference))
    );
  }

  function check(input: CsvCheckInput): Promise<BatchCheck> {
    reader();
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

  function summary(draft: StoredDraft): DraftSummary {
    const { content } = draft;
    return {
      draftId: draft.id,
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
    return rowView(row, record, intentId ? send.statusIfKnown(intentId) : null);
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
    const live = intentId ? send.statusIfKnown(intentId) : null;
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
    let trace: Awaited<ReturnType<SendService['traceReference']>>;
    try {
      trace = await send.traceReference(draft.content.accountGuid, row.reference);
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

  /** A row never sent: a precheck, one intent under the row's reference, written down, then sent once. */
  async function sendFresh(
    draft: StoredDraft,
    row: PayoutRow,
    by: string,
    tfaCode: string,
    acknowledged: readonly string[] | undefined,
  ): Promise<SendOutcome> {
    if (send.knowsReference(row.reference)) {
      throw new AppError(
        'stale_precheck',
        `Another payment here already has the reference ${row.reference}, so this row is not sent. Skip it, or check the other payment.`,
      );
    }
    const precheck = await send.precheck({ code: row.code, address: row.address, amount: row.amount });
    if (!new Decimal(precheck.amount).equals(row.amount)) {
      throw new AppError('service_error', 'The service checked another amount than the row holds. Nothing was sent.');
    }
    const review = await send.confirm({
      precheckId: precheck.precheckId,
      feeRate: STANDARD_FEE,
      ...(row.label === '' ? {} : { description: row.label }),
      acknowledgedIntentIds: acknowledged,
      referenceId: row.reference,
    });
    // The row is marked as sent before its request can leave, so a restart never takes it for a waiting one.
    await store.setRow(draft.id, row.reference, { state: 'sending', intentId: review.intentId, ...stamp(by) });
    try {
      return await send.execute({
        intentId: review.intentId,
        tfaCode,
        acknowledgedIntentIds: acknowledged ? [...acknowledged] : undefined,
      });
    } finally {
      await noteAnswer(draft, row, review.intentId, by);
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
    deps.session.requireMoneyMovingRole('send');
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
        if (view.intentId !== null && send.statusIfKnown(view.intentId)?.state === 'refused') {
          // The send's own machine looks its reference up before it goes again (security.md 39).
          try {
            await send.execute({
              intentId: view.intentId,
              tfaCode,
              acknowledgedIntentIds: acknowledged ? [...acknowledged] : undefined,
            });
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

  function newContent(title: string, rows: PayoutRow[], who: DraftReader): DraftContent {
    return {
      kind: 'send',
      accountGuid: who.active.guid,
      title,
      preparedBy: { userGuid: who.user.userGuid, name: who.user.name },
      preparedAt: new Date(now()).toISOString(),
      rows,
    };
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
        content: newContent(input.title, checked.rows, who),
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
    async checkRow(draftId: string, reference: string): Promise<{ row: PayoutRowView; status: SendStatus | null }> {
      const who = reader();
      const draft = requireVisible(who, store.get(draftId));
      const row = requireRow(draft, reference);
      const view = viewOf(draft, row);
      if (view.intentId !== null && send.statusIfKnown(view.intentId) !== null) {
        const result = await send.reconcile(view.intentId);
        await noteAnswer(draft, row, view.intentId, view.executedBy ?? who.user.userGuid);
        const latest = requireVisible(who, store.get(draftId));
        return { row: viewOf(latest, row), status: result.status };
      }
      if (view.state === 'interrupted' || view.state === 'unknown') {
        const trace = await send.traceReference(draft.content.accountGuid, row.reference);
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
