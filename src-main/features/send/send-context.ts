import type Decimal from 'decimal.js';
import { t } from '../../i18n/main-text';
import { amountWords } from '../money/amount-words';
import type {
  FeeOption,
  FeeRate,
  SendOutcome,
  SendPrecheck,
  SendReview,
  SendStatus,
} from '../../../src-preload/contract/send';
import type { Logger } from '../../logging/logger';
import type { TransactionItem } from '../../service/interface-a-schemas';
import type { Intent } from '../money/at-most-once';
import { createConfirmBook, type ConfirmBook, type ConfirmBookWords } from '../money/confirm-book';
import type { ClosedMoveAlarm } from '../money/closed-moves';
import type { IntentJournal } from '../money/intent-journal';
import { createIntentMachine, type IntentAudience, type IntentMachine } from '../money/intent-machine';
import { intentReader, requireOwn } from '../money/intent-owner';
import { confirmedAtText } from '../money/intent-words';
import type { MoneySession } from '../money/money-session';
import { activeRoleRefusalWords } from '../money/roles';
import { inAccount, stillOut, userAudience, type UserAccounts } from '../money/unsettled-list';
import type { SendBody } from './send-body';
import { createKnownAddresses, type KnownAddresses } from './known-addresses';

export interface SendServiceDeps {
  readonly session: MoneySession;
  readonly logger: Logger;
  /** Verified destination addresses (Interface B), for the look-alike check, when available. */
  readonly verifiedAddresses?: () => Promise<readonly string[]>;
  /** The active account's address book, for the look-alike check. */
  readonly addressBook?: () => readonly { readonly address: string; readonly name: string }[];
  readonly now?: () => number;
  /** How long a precheck's fees stay good for a confirmation. */
  readonly precheckTtlMs?: number;
  /** Where sends with an unknown outcome outlive the app; without it they live for this run only. */
  readonly journal?: IntentJournal<SendBody, SendReview>;
  /** Raised at once when a look-up finds a send a person had closed (security.md 36). */
  readonly onClosedFound?: ClosedMoveAlarm;
}

export interface StoredFee extends FeeOption {
  readonly feeDecimal: Decimal;
}

export interface StoredPrecheck {
  readonly view: SendPrecheck;
  readonly accountGuid: string;
  readonly amount: Decimal;
  readonly fees: readonly StoredFee[];
  readonly expiresAtMs: number;
}

export interface SendConfirmInput {
  readonly precheckId: string;
  readonly feeRate: FeeRate;
  readonly description?: string | undefined;
  /** Sends with an unknown outcome the user was shown and chose to go past (security.md 27). */
  readonly acknowledgedIntentIds?: readonly string[] | undefined;
  /** The user's tick that they checked an address the app cannot check itself. */
  readonly uncheckedAddressConfirmed?: boolean | undefined;
  /**
   * A reference fixed before this confirmation (a payout row's, made when its draft was), taken as given;
   * refused when any send this run knows already has it. Never from the window: the contract has no such field.
   */
  readonly referenceId?: string | undefined;
}

/** What every step of a send shares: the machine, the precheck book, the known addresses and the reviews. */
export interface SendContext {
  readonly deps: SendServiceDeps;
  readonly now: () => number;
  readonly ttl: number;
  readonly reviews: Map<string, SendReview>;
  readonly machine: IntentMachine<SendBody, SendOutcome, SendReview>;
  readonly prechecks: ConfirmBook<StoredPrecheck, SendReview>;
  readonly knownAddresses: KnownAddresses;
  /** The words of a refusal for the active account's role. */
  readonly role: () => string;
  /** Reference ids of the app's own sends, so a swap look-up never takes one of their rows (security.md 27). */
  readonly ownReferences: Set<string>;
}

const precheckWords: ConfirmBookWords = {
  missing: () => t('mainSend.checkInvalid'),
  otherAccount: () => t('mainSend.otherAccount'),
  expired: () => t('mainSend.feesExpired'),
  changed: () => t('mainSend.feeChanged'),
};

const DEFAULT_PRECHECK_TTL_MS = 5 * 60_000;

export function createSendContext(deps: SendServiceDeps): SendContext {
  const now = deps.now ?? Date.now;
  const reviews = new Map<string, SendReview>();
  const machine = createIntentMachine<SendBody, SendOutcome, SendReview>({
    journal: deps.journal,
    reviews,
    confirmedAtMs: (body) => body.confirmedAtMs,
    onFoundAfterClose: (intent) => {
      deps.logger.warn('a send closed as not gone through was found', { referenceId: intent.referenceId });
      if (intent.closure === null) return;
      const { amount, code, address } = intent.body;
      void deps.onClosedFound?.({
        kind: 'send',
        referenceId: intent.referenceId,
        amount,
        asset: code,
        destination: address,
        closure: intent.closure,
      });
    },
  });
  const prechecks = createConfirmBook<StoredPrecheck, SendReview>({ session: deps.session, now, words: precheckWords });
  const knownAddresses = createKnownAddresses({
    logger: deps.logger,
    ...(deps.verifiedAddresses ? { verifiedAddresses: deps.verifiedAddresses } : {}),
    ...(deps.addressBook ? { addressBook: deps.addressBook } : {}),
    now,
  });
  return {
    deps,
    now,
    ttl: deps.precheckTtlMs ?? DEFAULT_PRECHECK_TTL_MS,
    reviews,
    machine,
    prechecks,
    knownAddresses,
    role: () => activeRoleRefusalWords(deps.session, 'send'),
    // Read after the machine is made: it brings back the journal's sends with their reviews.
    ownReferences: new Set<string>([...reviews.values()].map((review) => review.referenceId)),
  };
}

/** A send in words: what, where, under which reference, and when (for warnings about an unknown one). */
export function describeSend(intent: Intent<SendBody, SendOutcome>): string {
  const { amount, code, address, confirmedAtMs } = intent.body;
  return t('mainMoney.describeSend', {
    amount: amountWords(amount),
    code,
    address,
    reference: intent.referenceId,
    started: confirmedAtText(confirmedAtMs),
    inFlight: stillOut(intent),
  });
}

export function isReferenceRow(referenceId: string, row: TransactionItem): boolean {
  return row.referenceId === referenceId && row.type === 'Withdraw';
}

/** The row a send leaves in its account's history: its own reference id on a withdrawal. */
export function isSendRow(intent: Intent<SendBody, SendOutcome>, row: TransactionItem): boolean {
  return isReferenceRow(intent.referenceId, row);
}

/** The user's unsettled sends in any of their accounts, named with the account when not the active one. */
export function sendAudience(user: UserAccounts): IntentAudience<SendBody, SendOutcome> {
  return userAudience(user, (intent) => inAccount(user, intent.body.accountGuid, describeSend(intent)));
}

export function sendStatusOf(context: SendContext, intent: Intent<SendBody, SendOutcome>): SendStatus {
  // Only a definite refusal allows a deliberate retry under the same reference (security.md 27, 29).
  return context.machine.status(intent, true);
}

/**
 * A send the signed-in user confirmed, read or sent only while unlocked (security.md 40); another user's
 * is as unknown to them as a forgotten one.
 */
export function ownSend(context: SendContext, intentId: string): Intent<SendBody, SendOutcome> {
  const reader = intentReader(context.deps.session);
  return requireOwn(reader, context.machine.get(intentId));
}
