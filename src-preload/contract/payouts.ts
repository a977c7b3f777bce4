import { z } from 'zod';
import { ServiceSymbol } from './assets';
import { operation } from './define';
import { AcknowledgedIntentIds, DecimalString, IntentId, TwoFactorCode } from './money';
import { SendStatus } from './send';
import { WithdrawStatus } from './withdraw';
import { PlainText, UserText } from './text';
import { issueId } from '../input-issues';

/** A draft's id: opaque, made by main; the renderer can only echo it back. */
export const DraftId = z.uuid();

/**
 * A payment's reference at the service, fixed when the draft is made and never changed: what makes each row
 * one intent that a resume or a restart can never send twice (security.md 22, 42).
 */
export const PayoutReference = PlainText()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._:/-]+$/, issueId('inputIssues.payouts.referenceCharacters'));

/** One payment of a draft, exactly as it will be sent: the fingerprinted content (canonical-form.ts). */
export const PayoutRow = z.object({
  /** The row's line in the file it came from (the header is line 1), or its place in a hand-made draft. */
  line: z.number().int().min(1),
  code: ServiceSymbol,
  address: PlainText().min(1).max(200),
  amount: DecimalString,
  reference: PayoutReference,
  label: UserText(200),
});
export type PayoutRow = z.infer<typeof PayoutRow>;

/** A person, as the session names them. */
export const PayoutPerson = z.object({ userGuid: z.string().min(1).max(200), name: UserText(200) });
export type PayoutPerson = z.infer<typeof PayoutPerson>;

/**
 * Where a batch of merchant withdrawals pays to: the member reference its addresses are verified under (sent
 * as ReferenceId) and the merchant account's e-mail, both as the withdrawal form asks for them.
 */
export const WithdrawalTarget = z
  .object({
    memberReference: PlainText().trim().min(1, issueId('inputIssues.payouts.enterMemberReference')).max(200),
    email: z.email(issueId('inputIssues.payouts.enterEmail')).max(200),
  })
  .strict();
export type WithdrawalTarget = z.infer<typeof WithdrawalTarget>;

const ContentFields = {
  accountGuid: PlainText().min(1).max(200),
  title: UserText(120).pipe(z.string().min(1, issueId('inputIssues.payouts.giveTitle'))),
  preparedBy: PayoutPerson,
  /** ISO 8601. */
  preparedAt: z.iso.datetime(),
  rows: z.array(PayoutRow).min(1).max(10_000),
};

/**
 * What a draft is, and all that its fingerprint covers: the account it pays from, who prepared it and when,
 * and its rows in order. Rows of a `send` draft are Interface A sends; rows of a `withdraw` draft are
 * Interface B withdrawals with the merchant keys of the person who executes them.
 */
export const DraftContent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('send'), ...ContentFields }),
  z.object({ kind: z.literal('withdraw'), withdrawal: WithdrawalTarget, ...ContentFields }),
]);
export type DraftContent = z.infer<typeof DraftContent>;

/** Where a row stands: not yet sent, skipped by a person, or the state of its send (contract/money.ts). */
export const PayoutRowState = z.enum([
  'waiting',
  'skipped',
  'sending',
  'succeeded',
  'refused',
  'unknown',
  'closed',
  'interrupted',
]);
export type PayoutRowState = z.infer<typeof PayoutRowState>;

export const PayoutRowView = PayoutRow.extend({
  state: PayoutRowState,
  /** The row's send, once one was made for it; its status comes from the send's own machine. */
  intentId: IntentId.nullable(),
  txId: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  /** Why a row was refused or is unknown, in words. */
  message: z.string().nullable(),
  executedBy: z.string().nullable(),
});
export type PayoutRowView = z.infer<typeof PayoutRowView>;

export const DraftSummary = z.object({
  draftId: DraftId,
  kind: z.enum(['send', 'withdraw']),
  title: z.string(),
  accountGuid: z.string(),
  preparedBy: z.object({ userGuid: z.string(), name: z.string() }),
  preparedAt: z.string(),
  rowCount: z.number().int(),
  /** Short SHA-256 fingerprint of the canonical content, in groups of four hex digits. */
  fingerprint: z.string(),
  /** Set when the draft came from a file: who imported it and when. */
  importedBy: z.object({ name: z.string(), at: z.string() }).nullable(),
});
export type DraftSummary = z.infer<typeof DraftSummary>;

export const DraftView = DraftSummary.extend({
  rows: z.array(PayoutRowView),
  /** Whether the signed-in user may execute it now, and if not, why in words. */
  execution: z.object({ allowed: z.boolean(), reason: z.string().nullable() }),
});
export type DraftView = z.infer<typeof DraftView>;

/** One problem of one row, said by its line and column (never "the file is invalid"). */
export const RowProblem = z.object({
  line: z.number().int().min(1),
  column: z.enum(['address', 'amount', 'asset', 'network', 'reference', 'label', 'file']),
  message: z.string(),
});
export type RowProblem = z.infer<typeof RowProblem>;

export const AssetTotal = z.object({
  code: z.string(),
  rows: z.number().int(),
  amount: DecimalString,
  /** The fee of one send at the Standard level, times the rows, in the fee's own asset. */
  fees: DecimalString,
  feeSymbol: z.string(),
  available: DecimalString.nullable(),
  fiatUsd: DecimalString.nullable(),
  covered: z.boolean(),
});
export type AssetTotal = z.infer<typeof AssetTotal>;

export const BatchCheck = z.object({
  rows: z.array(PayoutRow),
  problems: z.array(RowProblem),
  totals: z.array(AssetTotal),
  totalUsd: DecimalString.nullable(),
});
export type BatchCheck = z.infer<typeof BatchCheck>;

/**
 * A CSV file's lines as the window read them (the file never reaches main as a path): header first. Line
 * breaks are the file's own structure, so they arrive as separate lines; nothing else may hide in them.
 */
export const CsvCheckInput = z
  .object({
    lines: z.array(PlainText().max(2_000)).min(1).max(10_001),
    /** The user's decimal separator; with a comma, fields are separated by semicolons. */
    decimalSeparator: z.enum(['.', ',']),
    /** Present for a batch of merchant withdrawals: its rows are checked against the verified addresses. */
    withdrawal: WithdrawalTarget.optional(),
  })
  .strict();
export type CsvCheckInput = z.input<typeof CsvCheckInput>;

export const DraftSaveInput = CsvCheckInput.extend({ title: UserText(120).pipe(z.string().min(1)) }).strict();

export const DraftRef = z.object({ draftId: DraftId }).strict();

/** The file a draft travels in (export and import): its content and the fingerprint it had when written. */
export const DraftFile = z
  .object({
    format: z.literal('wallet-desk-payout-draft'),
    version: z.literal(1),
    content: DraftContent,
    /** The whole SHA-256 of the canonical content, hex. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .strict();
export type DraftFile = z.infer<typeof DraftFile>;

export const DeskRule = z.object({
  accountGuid: z.string(),
  /** "Prepared and approved by different people": a rule the app keeps on this computer, not the service. */
  separateApprover: z.boolean(),
  changedBy: z.string().nullable(),
  changedAt: z.string().nullable(),
});
export type DeskRule = z.infer<typeof DeskRule>;

export const RowExecuteInput = z
  .object({
    draftId: DraftId,
    reference: PayoutReference,
    tfaCode: TwoFactorCode,
    acknowledgedIntentIds: AcknowledgedIntentIds.optional(),
  })
  .strict();

export const RowRef = z.object({ draftId: DraftId, reference: PayoutReference }).strict();

export const RowExecuteResult = z.object({
  row: PayoutRowView,
  /**
   * Seconds until the next two-factor code period starts: one code per row, each from its own period. Relative,
   * so the window counts down on its own clock.
   */
  nextCodeInSeconds: z.number().int().min(1).max(30),
});

export const payoutsOperations = {
  /** Checks CSV lines row by row and column by column without saving anything. */
  'payouts.check': operation(CsvCheckInput, BatchCheck),
  /** Saves a checked file as a draft of the active account; refused while any row has a problem. */
  'payouts.save': operation(DraftSaveInput, DraftSummary),
  /** Drafts of the active account, seen by every user with access to it. */
  'payouts.list': operation(z.void(), z.array(DraftSummary)),
  'payouts.get': operation(DraftRef, DraftView),
  'payouts.remove': operation(DraftRef, z.object({ removed: z.boolean() })),
  /** The draft's file text and its fingerprint; the window saves it where the user chooses. */
  'payouts.export': operation(DraftRef, z.object({ fileName: z.string(), text: z.string(), fingerprint: z.string() })),
  /** Reads a draft file, as its lines (JSON text has no line break inside a value); never executes anything. */
  'payouts.import': operation(
    z.object({ lines: z.array(PlainText().max(100_000)).min(1).max(200_000) }).strict(),
    DraftSummary,
  ),
  'payouts.deskRule': operation(z.void(), DeskRule),
  'payouts.setDeskRule': operation(z.object({ separateApprover: z.boolean() }).strict(), DeskRule),
  /** Sends one row once, as its own intent, with the executor's own code. */
  'payouts.executeRow': operation(RowExecuteInput, RowExecuteResult),
  /** Looks an unknown row up by its reference, as Check status does for a send. Never sends. */
  'payouts.checkRow': operation(
    RowRef,
    z.object({ row: PayoutRowView, status: z.union([SendStatus, WithdrawStatus]).nullable() }),
  ),
  'payouts.skipRow': operation(RowRef, PayoutRowView),
  /** The results as CSV text for accounting: transaction ids, explorer links, refusals, unknowns. */
  'payouts.results': operation(DraftRef, z.object({ fileName: z.string(), text: z.string() })),
} as const;
