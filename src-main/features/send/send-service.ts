import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { displayDecimals, findAssetNetwork, networks, type ServiceSymbol } from '../../../src-preload/contract/assets';
import {
  feeLabels,
  type FeeOption,
  type FeeRate,
  type PoisoningWarning,
  type SendAsset,
  type SendOutcome,
  type SendPrecheck,
  type SendReview,
  type SendExecuteInput,
  type SendReconcileResult,
  type SendStatus,
  type ClosedSend,
} from '../../../src-preload/contract/send';
import { AppError } from '../../app-error';
import type { Logger } from '../../logging/logger';
import type { InterfaceAClient } from '../../service/interface-a';
import type { SendPrecheckResult, TransactionItem } from '../../service/interface-a-schemas';
import { requireValidAddress } from '../addresses/validate-address';
import type { Intent } from '../money/at-most-once';
import type { IntentJournal } from '../money/intent-journal';
import { createIntentMachine, type IntentAudience, type RefusedTrace } from '../money/intent-machine';
import { intentReader, requireOwn } from '../money/intent-owner';
import { confirmedAtText } from '../money/intent-words';
import { closedWithReviews, closureOf, type ClosedMoveAlarm } from '../money/closed-moves';
import { classifyMoneyError, explainRefusal } from '../money/money-errors';
import { findInHistory } from '../money/find-in-history';
import { clientForAccount, userAccounts, type MoneySession } from '../money/money-session';
import { activeRoleRefusalWords } from '../money/roles';
import { rowVerdict, verdictNote, type RowVerdict } from '../money/row-status';
import type { HistoryPage, SettleCandidate } from '../money/settle-source';
import { inAccount, stillOut, userAudience, unsettledWithReviews, type UserAccounts } from '../money/unsettled-list';
import {
  decimalText as text,
  floorToServiceNumber,
  fromServiceNumber,
  toServiceNumber,
  usdText,
} from '../../service/wire-amount';
import { ServiceSymbol as ServiceSymbolShape } from '../../../src-preload/contract/assets';
import type { SendBody } from './send-body';
import { createKnownAddresses } from './known-addresses';
import { findLookalike } from './poisoning';
import { requireUncheckedAddress, uncheckedAddressWords } from './unchecked-address';
import { precisionWords, servicePrecision } from '../money/service-precision';
import { createConfirmBook, type ConfirmBookWords } from '../money/confirm-book';
import { t } from '../../i18n/main-text';

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

interface StoredFee extends FeeOption {
  readonly feeDecimal: Decimal;
}

interface StoredPrecheck {
  readonly view: SendPrecheck;
  readonly accountGuid: string;
  readonly amount: Decimal;
  readonly fees: readonly StoredFee[];
  readonly expiresAtMs: number;
}

const precheckWords: ConfirmBookWords = {
  missing: 'This check is no longer valid. Check the send again.',
  otherAccount: 'This send was prepared for another account. Start again from the form.',
  expired: 'The fees have expired. Check the send again for current fees.',
  changed: 'The fee or description changed after confirming. Check the send again.',
};

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

/** A send in words: what, where, under which reference, and when (for warnings about an unknown one). */
export function describeSend(intent: Intent<SendBody, SendOutcome>): string {
  const { amount, code, address, confirmedAtMs } = intent.body;
  return `${amount} ${code} to ${address} (reference ${intent.referenceId}, started ${confirmedAtText(confirmedAtMs)}${stillOut(intent)})`;
}

/** The row a send leaves in its account's history: its own reference id on a withdrawal. */
function isSendRow(intent: Intent<SendBody, SendOutcome>, row: TransactionItem): boolean {
  return isReferenceRow(intent.referenceId, row);
}

function isReferenceRow(referenceId: string, row: TransactionItem): boolean {
  return row.referenceId === referenceId && row.type === 'Withdraw';
}

/** The user's unsettled sends in any of their accounts, named with the account when not the active one. */
function sendAudience(user: UserAccounts): IntentAudience<SendBody, SendOutcome> {
  return userAudience(user, (intent) => inAccount(user, intent.body.accountGuid, describeSend(intent)));
}

const DEFAULT_PRECHECK_TTL_MS = 5 * 60_000;

/**
 * Send (spec 4.1 #7, #8) with the money rules of security.md 21-26: the address is checked before any
 * call, the precheck is kept in main and is the only thing that can be confirmed, the confirmed body is
 * frozen in the IntentLedger with its reference id, and a send is submitted at most once.
 */
export function createSendService(deps: SendServiceDeps) {
  const now = deps.now ?? Date.now;
  const ttl = deps.precheckTtlMs ?? DEFAULT_PRECHECK_TTL_MS;
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
  const prechecks = createConfirmBook<StoredPrecheck, SendReview>({
    session: deps.session,
    now,
    words: precheckWords,
  });
  const knownAddresses = createKnownAddresses({
    logger: deps.logger,
    ...(deps.verifiedAddresses ? { verifiedAddresses: deps.verifiedAddresses } : {}),
    ...(deps.addressBook ? { addressBook: deps.addressBook } : {}),
    now,
  });
  const role = () => activeRoleRefusalWords(deps.session, 'cannot send');
  /** Reference ids of the app's own sends, so a swap look-up never takes one of their rows (security.md 27). */
  const ownReferences = new Set<string>([...reviews.values()].map((review) => review.referenceId));

  deps.session.onChange((view) => {
    if (view.status !== 'signed-in') knownAddresses.clear();
  });

  async function servicePrecheck(
    client: InterfaceAClient,
    code: ServiceSymbol,
    address: string,
    amount: Decimal,
  ): Promise<SendPrecheckResult> {
    try {
      return await client.sendPrecheck({ symbol: code, address, amount: toServiceNumber(amount) });
    } catch (error) {
      throw error instanceof AppError ? explainRefusal(error, role) : error;
    }
  }

  function feeOptions(
    result: SendPrecheckResult,
    code: ServiceSymbol,
    amount: Decimal,
    available: Decimal,
    decimals: number,
  ): StoredFee[] {
    return [...result.feeData]
      .sort((a, b) => a.feeRate - b.feeRate)
      .map((data) => {
        const fee = fromServiceNumber(data.fee);
        // A token's fee is paid from the chain's native wallet, so it does not reduce the token amount.
        const paidFromSameWallet = data.symbol.toUpperCase() === code.toUpperCase();
        const room = paidFromSameWallet ? available.minus(fee) : available;
        const maxAmount = floorToServiceNumber(Decimal.max(room, 0), decimals);
        return {
          feeRate: data.feeRate,
          label: feeLabels[data.feeRate],
          fee: text(fee),
          feeDecimal: fee,
          feeSymbol: data.symbol,
          feeUsd: usdText(fromServiceNumber(data.usd)),
          arrivalEstimation: data.arrivalEstimation,
          affordable: amount.lessThanOrEqualTo(maxAmount),
          maxAmount: text(maxAmount),
        };
      });
  }

  /**
   * Where a send goes and how it is checked. A network of the app's table: format and checksum before
   * anything reaches the service (security.md 26). Any other wallet the service lists: sendable, but with no
   * local check (the user confirms the address instead), the precision the service's own amounts of that
   * wallet show, and the service's precheck answering the exact amount entered as the proof of it.
   */
  async function destinationOf(
    client: InterfaceAClient,
    code: string,
    input: string,
  ): Promise<{ address: string; network: string; decimals: number; checked: boolean; placesWhy: string }> {
    const entry = findAssetNetwork(code);
    if (entry) {
      const address = await requireValidAddress(entry.network, input);
      const network = networks[entry.network].name;
      return { address, network, decimals: entry.decimals, checked: true, placesWhy: '' };
    }
    const { wallets } = await client.getWallets();
    const wallet = wallets.find((candidate) => candidate.symbol === code);
    if (!wallet) {
      throw new AppError('invalid_symbol', t('mainSend.noWallet'), {
        field: 'code',
      });
    }
    const address = requireUncheckedAddress(input);
    const precision = await servicePrecision(client, wallet.symbol, wallet.amount);
    return {
      address,
      network: wallet.network,
      decimals: precision.decimals,
      checked: false,
      placesWhy: ` ${precisionWords(code, wallet.network, precision)}`,
    };
  }

  const requireSameAccount = prechecks.requireSameAccount;

  function statusOf(intent: Intent<SendBody, SendOutcome>): SendStatus {
    // Only a definite refusal allows a deliberate retry under the same reference (security.md 27, 29).
    return machine.status(intent, true);
  }

  /**
   * No two-factor code is spent on a send that must fail: the wallet must hold the
   * amount, plus the fee when the fee is paid from it, and a token's fee wallet (the chain's coin) the fee.
   * Balances are read now, not taken from the precheck, because a send in between may have used them.
   */
  async function requireFunds(client: InterfaceAClient, view: SendPrecheck, fee: StoredFee): Promise<void> {
    const { wallets } = await client.getWallets();
    const find = (symbol: string) => wallets.find((wallet) => wallet.symbol.toUpperCase() === symbol.toUpperCase());
    const amount = new Decimal(view.amount);
    const source = find(view.code);
    const sameWallet = fee.feeSymbol.toUpperCase() === view.code.toUpperCase();
    if (source) {
      const held = fromServiceNumber(source.amount);
      const needed = sameWallet ? amount.plus(fee.feeDecimal) : amount;
      if (held.lessThan(needed)) {
        const wanted = sameWallet
          ? `${text(amount)} ${view.code} plus the ${fee.label} fee of ${fee.fee} ${fee.feeSymbol} makes ${text(needed)} ${view.code}`
          : `This send needs ${text(amount)} ${view.code}`;
        throw new AppError(
          'insufficient_balance',
          `Insufficient balance: ${wanted}, but your ${view.code} wallet on ${view.network} holds ${text(held)}. Nothing was sent and no code was used.`,
          { field: 'amount' },
        );
      }
    }
    if (!sameWallet) {
      const feeWallet = find(fee.feeSymbol);
      const held = feeWallet ? fromServiceNumber(feeWallet.amount) : new Decimal(0);
      if (held.lessThan(fee.feeDecimal)) {
        throw new AppError(
          'insufficient_balance',
          `Insufficient balance for the fee: the ${fee.label} fee of ${fee.fee} ${fee.feeSymbol} is paid from your ${fee.feeSymbol} wallet, which holds ${text(held)}. Add ${fee.feeSymbol} to it first. Nothing was sent and no code was used.`,
        );
      }
    }
  }

  async function createIntent(stored: StoredPrecheck, input: SendConfirmInput, description: string | null) {
    prechecks.requireLive(stored);
    if (!stored.view.addressChecked && input.uncheckedAddressConfirmed !== true) {
      throw new AppError('bad_input', uncheckedAddressWords(stored.view.network), {
        field: 'uncheckedAddressConfirmed',
      });
    }
    const fee = stored.fees.find((option) => option.feeRate === input.feeRate);
    if (!fee) throw new AppError('bad_input', t('mainSend.noSuchFee'), { field: 'feeRate' });
    if (!fee.affordable) {
      throw new AppError('insufficient_balance', t('mainSend.feeUnaffordable', { fee: fee.label }), {
        field: 'amount',
      });
    }
    // security.md 27: an earlier send may already have gone through, or still be on its way (a lock or a
    // reload hides it from the window); a new one only with the user's word.
    const user = userAccounts(deps.session);
    const audience = sendAudience(user);
    machine.requireAcknowledged(audience, input.acknowledgedIntentIds);
    await requireFunds(deps.session.interfaceA(), stored.view, fee);
    requireSameAccount(stored.accountGuid);
    // The machine checks again after the wait: a send may have been lost meanwhile.
    const view = stored.view;
    const intent = machine.confirm(
      {
        accountGuid: stored.accountGuid,
        userGuid: user.userGuid,
        code: view.code,
        address: view.address,
        amount: view.amount,
        feeRate: input.feeRate,
        description,
        expiresAtMs: stored.expiresAtMs,
        confirmedAtMs: now(),
      },
      { audience, acknowledged: input.acknowledgedIntentIds, chosenReferenceId: input.referenceId },
    );
    const price = new Decimal(view.priceUsd);
    const feeUsd = new Decimal(fee.feeUsd);
    const review: SendReview = {
      intentId: intent.id,
      referenceId: intent.referenceId,
      code: view.code,
      network: view.network,
      destination: view.address,
      addressChecked: view.addressChecked,
      amount: view.amount,
      amountUsd: usdText(stored.amount.times(price)),
      feeRate: input.feeRate,
      feeLabel: fee.label,
      fee: fee.fee,
      feeSymbol: fee.feeSymbol,
      feeUsd: usdText(feeUsd),
      totalUsd: usdText(stored.amount.times(price).plus(feeUsd)),
      arrivalEstimation: fee.arrivalEstimation,
      description,
      poisoningWarning: view.poisoningWarning,
    };
    reviews.set(intent.id, review);
    ownReferences.add(intent.referenceId);
    deps.logger.info('send confirmed', { referenceId: intent.referenceId, asset: view.code, feeRate: input.feeRate });
    return review;
  }

  /**
   * A send the signed-in user confirmed, read or sent only while unlocked (security.md 40); another user's
   * is as unknown to them as a forgotten one.
   */
  function ownSend(intentId: string): Intent<SendBody, SendOutcome> {
    const reader = intentReader(deps.session);
    return requireOwn(reader, machine.get(intentId));
  }

  /**
   * Settles a send by the row a look-up found: only a row that says it completed settles it. `keepWords`:
   * a look-up the user asked for leaves its words on a send it did not settle; a settle round's does not
   * replace the words the user last saw.
   */
  async function settleBy(
    intent: Intent<SendBody, SendOutcome>,
    item: TransactionItem | null,
    keepWords: boolean,
  ): Promise<{ verdict: RowVerdict | null; settled: Intent<SendBody, SendOutcome> }> {
    const verdict = item ? rowVerdict([item.status]) : null;
    const found: SendOutcome | null =
      item && verdict === 'completed'
        ? { referenceId: intent.referenceId, txId: item.txId ?? '', explorerUrl: null, status: item.status }
        : null;
    if (found === null && !keepWords) return { verdict, settled: intent };
    const note = verdict === 'pending' || verdict === 'failed' ? verdictNote(verdict, 'send') : null;
    const settled = await machine.reconcile(intent.id, found, note);
    deps.logger.info('send reconciled', { referenceId: intent.referenceId, lookup: verdict ?? 'not_found' });
    if (found) knownAddresses.forget(intent.body.accountGuid);
    return { verdict, settled };
  }

  /** Before a refused send goes again: any row under its reference is a trace (security.md 39). */
  function traceOf(intent: Intent<SendBody, SendOutcome>): Promise<RefusedTrace<SendOutcome>> {
    return traceReference(intent.body.accountGuid, intent.referenceId);
  }

  async function traceReference(accountGuid: string, referenceId: string): Promise<RefusedTrace<SendOutcome>> {
    const client = clientForAccount(deps.session, accountGuid);
    const item = await findInHistory(client, referenceId, (candidate) => isReferenceRow(referenceId, candidate));
    const verdict = item ? rowVerdict([item.status]) : null;
    deps.logger.info('refused send looked up before sending again', { referenceId, lookup: verdict ?? 'not_found' });
    if (item === null || verdict === null) return { kind: 'none' };
    if (verdict !== 'completed') return { kind: 'seen', note: verdictNote(verdict, 'send') };
    knownAddresses.forget(accountGuid);
    return { kind: 'moved', outcome: { referenceId, txId: item.txId ?? '', explorerUrl: null, status: item.status } };
  }

  async function submit(
    intentId: string,
    tfaCode: string,
    acknowledgedIntentIds: readonly string[] | undefined,
  ): Promise<SendOutcome> {
    deps.session.requireMoneyMovingRole('send');
    const intent = ownSend(intentId);
    requireSameAccount(intent.body.accountGuid);
    // A stored success is returned whatever the time; a new attempt must still match what was shown.
    if ((intent.state === 'confirmed' || intent.state === 'refused') && now() > intent.body.expiresAtMs) {
      throw new AppError('stale_precheck', t('mainSend.feesTooOld'));
    }
    const client = deps.session.interfaceA();
    // Whatever was acknowledged at confirmation, every other send unsettled now must have
    // been acknowledged for this one; the machine checks it in the same turn as the request leaves.
    const audience = sendAudience(userAccounts(deps.session));
    const outcome = await machine.submit(
      intentId,
      { audience, acknowledged: acknowledgedIntentIds, lookUp: traceOf },
      async (body, referenceId, attempt) => {
        deps.logger.info('send submitted', { referenceId, asset: body.code, attempt });
        try {
          const result = await client.send(
            {
              symbol: body.code,
              address: body.address,
              amount: toServiceNumber(new Decimal(body.amount)),
              feeRate: body.feeRate,
              referenceId,
              ...(body.description === null ? {} : { description: body.description }),
            },
            tfaCode,
          );
          return { referenceId, txId: result.txId, explorerUrl: result.explorerUrl, status: null };
        } catch (error) {
          const classified = classifyMoneyError(error, role);
          deps.logger.warn('send not confirmed by the service', { referenceId, error: classified.code });
          throw classified;
        }
      },
    );
    knownAddresses.forget(intent.body.accountGuid);
    return outcome;
  }

  return {
    async assets(): Promise<SendAsset[]> {
      const client = deps.session.interfaceA();
      const wallets = await client.getWallets();
      // The service's list is the truth about which wallets exist; the table only adds what the app knows.
      const listed = wallets.wallets.filter((wallet) => ServiceSymbolShape.safeParse(wallet.symbol).success);
      return Promise.all(
        listed.map(async (wallet): Promise<SendAsset> => {
          const entry = findAssetNetwork(wallet.symbol);
          const precision = entry
            ? { decimals: entry.decimals, source: 'known' as const }
            : await servicePrecision(client, wallet.symbol, wallet.amount);
          return {
            code: entry?.code ?? wallet.symbol,
            asset: entry?.asset ?? wallet.symbol,
            displayName: wallet.displayName,
            network: entry ? networks[entry.network].name : wallet.network,
            balance: text(fromServiceNumber(wallet.amount)),
            priceUsd: text(fromServiceNumber(wallet.price)),
            addressCheck: entry !== undefined,
            decimals: precision.decimals,
            decimalsFrom: precision.source,
          };
        }),
      );
    },

    async precheck(input: {
      code: ServiceSymbol;
      address: string;
      amount: string;
      maxFeeRate?: FeeRate | undefined;
    }): Promise<SendPrecheck> {
      const account = deps.session.requireMoneyMovingRole('send');
      const client = deps.session.interfaceA();
      const destination = await destinationOf(client, input.code, input.address);
      const { address, network, decimals } = destination;

      let amount: Decimal;
      const isMax = input.amount === 'max';
      if (isMax) {
        // The smallest amount the service accepts tells the balance and fees; Max follows from them.
        const probe = new Decimal(1).dividedBy(new Decimal(10).pow(displayDecimals(input.code)));
        const first = await servicePrecheck(client, input.code, address, probe);
        const available = fromServiceNumber(first.availableBalance);
        const option = feeOptions(first, input.code, probe, available, decimals).find(
          (fee) => fee.feeRate === (input.maxFeeRate ?? 1),
        );
        amount = new Decimal(option?.maxAmount ?? 0);
        if (amount.lessThanOrEqualTo(0)) {
          throw new AppError('insufficient_balance', t('mainSend.nothingLeft'), {
            field: 'amount',
          });
        }
      } else {
        amount = new Decimal(input.amount);
        if (amount.decimalPlaces() > decimals) {
          throw new AppError(
            'bad_input',
            `${input.code} amounts have at most ${decimals} decimal places.${destination.placesWhy}`,
            { field: 'amount' },
          );
        }
      }

      const result = await servicePrecheck(client, input.code, address, amount);
      if (!fromServiceNumber(result.amount).equals(amount) || result.address.toLowerCase() !== address.toLowerCase()) {
        throw new AppError('service_error', t('mainSend.differentSend'));
      }
      const available = fromServiceNumber(result.availableBalance);
      const price = fromServiceNumber(result.price);
      const fees = feeOptions(result, input.code, amount, available, decimals);
      const poisoningWarning: PoisoningWarning | null = findLookalike(address, await knownAddresses.list(client));
      if (poisoningWarning)
        deps.logger.warn('destination looks like a known address', { source: poisoningWarning.source });

      const precheckId = randomUUID();
      const expiresAtMs = now() + ttl;
      const view: SendPrecheck = {
        precheckId,
        code: input.code,
        network,
        address,
        addressChecked: destination.checked,
        amount: text(amount),
        isMax,
        priceUsd: text(price),
        amountUsd: usdText(amount.times(price)),
        availableBalance: text(available),
        feeOptions: fees.map(({ feeDecimal: _omit, ...option }) => option),
        poisoningWarning,
        expiresAt: new Date(expiresAtMs).toISOString(),
      };
      prechecks.add(precheckId, { view, accountGuid: account.guid, amount, fees, expiresAtMs });
      return view;
    },

    /**
     * Fixes the reference id and freezes the body (one intent per precheck). Refused while a send of this
     * account has an unknown outcome the user has not acknowledged, and when the balances cannot cover it.
     */
    async confirm(input: SendConfirmInput): Promise<SendReview> {
      deps.session.requireMoneyMovingRole('send');
      const description = input.description && input.description !== '' ? input.description : null;
      const key = JSON.stringify([input.feeRate, description]);
      return prechecks.confirm(input.precheckId, key, (stored) => createIntent(stored, input, description));
    },

    execute(input: SendExecuteInput): Promise<SendOutcome> {
      return submit(input.intentId, input.tfaCode, input.acknowledgedIntentIds);
    },

    /** Whether a history row's reference is one of the app's own sends (a swap look-up must skip it). */
    isOwnReference(referenceId: string): boolean {
      return referenceId !== '' && ownReferences.has(referenceId);
    },

    /** Whether any send this run knows, in any state, has this reference (a new one may not take it). */
    knowsReference(referenceId: string): boolean {
      return machine.knows(referenceId) || ownReferences.has(referenceId);
    },

    /** The status of one of the signed-in user's sends, or null when this run does not know it. */
    statusIfKnown(intentId: string): SendStatus | null {
      try {
        return statusOf(ownSend(intentId));
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') return null;
        throw error;
      }
    },

    /**
     * What the account's history holds under a reference no send of this run knows (a payout row a restart
     * left without its answer): the look-up a refused send gets before it goes again (security.md 39).
     */
    traceReference,

    status(intentId: string): SendStatus {
      return statusOf(ownSend(intentId));
    },

    review(intentId: string): SendReview | undefined {
      return reviews.get(intentId);
    },

    /**
     * Sends of any of the user's accounts whose outcome is unknown or that are still being sent, so a
     * reload, a lock or an account switch cannot hide them; accountName marks those of other accounts.
     */
    unresolved(): { review: SendReview; status: SendStatus; accountName: string | null }[] {
      const user = userAccounts(deps.session);
      return unsettledWithReviews(machine, reviews, user, sendAudience(user), statusOf);
    },

    /**
     * Closes unknown sends of the user's accounts as "did not go through", all or none, recorded with who,
     * when and the warning they confirmed (security.md 36). Answers the closed list.
     */
    async close(input: { intentIds: readonly string[]; warning: string }): Promise<ClosedSend[]> {
      const user = userAccounts(deps.session);
      const closure = closureOf(deps.session.activeUser(), input.warning, now());
      const closed = await machine.close(input.intentIds, { audience: sendAudience(user), closure });
      deps.logger.info('sends closed as not gone through', { count: closed.length });
      return this.closed();
    },

    /** Sends of any of the user's accounts a person closed, oldest first, with their closing. */
    closed(): ClosedSend[] {
      const user = userAccounts(deps.session);
      return closedWithReviews(machine, reviews, user, sendAudience(user), statusOf);
    },

    /**
     * "Check status": looks the reference id up in the history, never sends. Found settles the send; not
     * found keeps it unknown, because the service may still complete it (security.md 27). A closed send is
     * looked up too: found, it went through after all, and the alarm is raised (security.md 36).
     */
    async reconcile(intentId: string): Promise<SendReconcileResult> {
      const intent = ownSend(intentId);
      if (intent.state !== 'unknown' && intent.state !== 'closed')
        return { lookup: 'settled', status: statusOf(intent) };
      // Its own account's history, whichever account is active (an unknown send is listed in every one).
      const client = clientForAccount(deps.session, intent.body.accountGuid);
      const item = await findInHistory(client, intent.referenceId, (candidate) => isSendRow(intent, candidate));
      const { verdict, settled } = await settleBy(intent, item, true);
      const lookup = verdict === null ? 'not_found' : verdict === 'completed' ? 'found' : verdict;
      return { lookup, status: statusOf(settled) };
    },

    /**
     * Unknown and closed sends of the user's accounts, for a settle round: each found by its reference id,
     * and a closed one found raises the alarm (security.md 36).
     */
    settleCandidates(): SettleCandidate[] {
      const audience = sendAudience(userAccounts(deps.session));
      return [...machine.unsettled(audience), ...machine.closed(audience)]
        .filter((intent) => intent.state === 'unknown' || intent.state === 'closed')
        .map((intent) => ({ intentId: intent.id, accountGuid: intent.body.accountGuid, needsRowsSinceMs: null }));
    },

    /** A settle round's look: reconcile's rule over the account's page the round read. */
    async settleFrom(intentId: string, page: HistoryPage): Promise<boolean> {
      const intent = machine.get(intentId);
      const lookable = intent.state === 'unknown' || intent.state === 'closed';
      if (!lookable || intent.body.accountGuid !== page.accountGuid) return false;
      const item = page.items.find((candidate) => isSendRow(intent, candidate)) ?? null;
      const { settled } = await settleBy(intent, item, false);
      return settled.state === 'succeeded';
    },
  };
}
export type SendService = ReturnType<typeof createSendService>;
