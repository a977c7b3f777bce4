import type { SwapOutcome, SwapQuote, SwapReview, SwapStatus } from '../../../src-preload/contract/swap';
import { t } from '../../i18n/main-text';
import { amountWords } from '../money/amount-words';
import type { Logger } from '../../logging/logger';
import type { SwapRequest } from '../../service/interface-a-schemas';
import type { Intent } from '../money/at-most-once';
import type { ClosedMoveAlarm } from '../money/closed-moves';
import { createConfirmBook, type ConfirmBook, type ConfirmBookWords } from '../money/confirm-book';
import type { IntentJournal } from '../money/intent-journal';
import { createIntentMachine, type IntentAudience, type IntentMachine } from '../money/intent-machine';
import { intentReader, requireOwn } from '../money/intent-owner';
import { confirmedAtText } from '../money/intent-words';
import type { MoneySession } from '../money/money-session';
import { activeRoleRefusalWords } from '../money/roles';
import { inAccount, stillOut, userAudience, type UserAccounts } from '../money/unsettled-list';
import { createClaimedRows, type ClaimedRows } from './claimed-rows';
import type { RowOwners } from './find-swap';
import type { SwapBody } from './swap-body';

export interface SwapServiceDeps {
  readonly session: MoneySession;
  readonly logger: Logger;
  readonly now?: () => number;
  /** How long a quote may be executed (quotes expire after a short time). */
  readonly quoteTtlMs?: number;
  /** Where swaps with an unknown outcome outlive the app; without it they live for this run only. */
  readonly journal?: IntentJournal<SwapBody, SwapReview>;
  /** Whose history rows are not swaps: the app's own sends, which a lost swap's look-up must never take for its own. */
  readonly rowOwners?: RowOwners;
  /** Raised at once when a look-up finds a swap a person had closed (security.md 36). */
  readonly onClosedFound?: ClosedMoveAlarm;
}

export interface StoredQuote {
  readonly view: SwapQuote;
  readonly accountGuid: string;
  readonly request: SwapRequest;
  readonly expiresAtMs: number;
}

export interface SwapConfirmInput {
  readonly quoteId: string;
  /** Swaps with an unknown outcome the user was shown and chose to go past (security.md 27). */
  readonly acknowledgedIntentIds?: readonly string[] | undefined;
}

/** What every step of a swap shares: the machine, the quote book, the claimed rows and the reviews. */
export interface SwapContext {
  readonly deps: SwapServiceDeps;
  readonly now: () => number;
  readonly ttl: number;
  readonly quotes: ConfirmBook<StoredQuote, SwapReview>;
  readonly reviews: Map<string, SwapReview>;
  /** Which history rows settled swaps own; saved with the journal (claimed-rows.ts). */
  readonly claimed: ClaimedRows;
  /** Closed swaps already announced as possibly gone through in this run (mayHaveGoneThrough). */
  readonly alarmedAmbiguous: Set<string>;
  readonly machine: IntentMachine<SwapBody, SwapOutcome, SwapReview>;
  /** When each intent was last sent. */
  readonly sentAt: Map<string, number>;
  /** The words of a refusal for the active account's role. */
  readonly role: () => string;
  readonly owners: RowOwners;
}

export const DEFAULT_QUOTE_TTL_MS = 30_000;

const quoteWords: ConfirmBookWords = {
  missing: () => t('mainSwap.quoteExpired'),
  otherAccount: () => t('mainSwap.otherAccount'),
  expired: () => t('mainSwap.quoteExpired'),
  changed: () => t('mainSwap.changed'),
};

export function createSwapContext(deps: SwapServiceDeps): SwapContext {
  const now = deps.now ?? Date.now;
  const quotes = createConfirmBook<StoredQuote, SwapReview>({ session: deps.session, now, words: quoteWords });
  const reviews = new Map<string, SwapReview>();
  const claimed = createClaimedRows(deps.journal);
  const machine = createIntentMachine<SwapBody, SwapOutcome, SwapReview>({
    journal: claimed.journal,
    reviews,
    confirmedAtMs: (body) => body.confirmedAtMs,
    onFoundAfterClose: (intent) => {
      deps.logger.warn('a swap closed as not gone through was found', { referenceId: intent.referenceId });
      if (intent.closure === null) return;
      const { request, cryptoAmount, toAmount } = intent.body;
      void deps.onClosedFound?.({
        kind: 'swap',
        referenceId: intent.referenceId,
        amount: cryptoAmount,
        asset: request.fromSymbol,
        destination: `${toAmount} ${request.toSymbol}`,
        closure: intent.closure,
      });
    },
  });
  return {
    deps,
    now,
    ttl: deps.quoteTtlMs ?? DEFAULT_QUOTE_TTL_MS,
    quotes,
    reviews,
    claimed,
    alarmedAmbiguous: new Set<string>(),
    machine,
    sentAt: new Map<string, number>(),
    role: () => activeRoleRefusalWords(deps.session, 'swap'),
    owners: deps.rowOwners ?? { isOwnSend: () => false },
  };
}

/** A swap in words: what, which pair and networks, under which reference, and when. */
export function describeSwap(intent: Intent<SwapBody, SwapOutcome>): string {
  const { request, cryptoAmount, toAmount, confirmedAtMs } = intent.body;
  return t('mainMoney.describeSwap', {
    fromAmount: amountWords(cryptoAmount),
    fromCode: request.fromSymbol,
    fromNetwork: request.fromNetwork,
    toAmount: amountWords(toAmount),
    toCode: request.toSymbol,
    toNetwork: request.toNetwork,
    reference: intent.referenceId,
    started: confirmedAtText(confirmedAtMs),
    inFlight: stillOut(intent),
  });
}

/** The user's unsettled swaps in any of their accounts, named with the account when not the active one. */
export function swapAudience(user: UserAccounts): IntentAudience<SwapBody, SwapOutcome> {
  return userAudience(user, (intent) => inAccount(user, intent.body.accountGuid, describeSwap(intent)));
}

export function swapStatusOf(context: SwapContext, intent: Intent<SwapBody, SwapOutcome>): SwapStatus {
  // Only a definite refusal allows a retry of the same swap, and only while its quote is still valid.
  return context.machine.status(intent, context.now() <= intent.body.expiresAtMs);
}

/**
 * A swap the signed-in user confirmed, read, sent or cancelled only while unlocked (security.md 40);
 * another user's is as unknown to them as a forgotten one.
 */
export function ownSwap(context: SwapContext, intentId: string): Intent<SwapBody, SwapOutcome> {
  const reader = intentReader(context.deps.session);
  return requireOwn(reader, context.machine.get(intentId));
}
