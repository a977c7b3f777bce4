import { randomUUID } from 'node:crypto';
import { t } from '../../i18n/main-text';
import Decimal from 'decimal.js';
import { findAssetNetwork } from '../../../src-preload/contract/assets';
import type { CreatedDepositAddressView, FiatCurrency } from '../../../src-preload/contract/receive';
import { AppError } from '../../app-error';
import type { Logger } from '../../logging/logger';
import type { SessionService } from '../session';
import { requireDecimalPlaces, toServiceNumber } from '../../service/wire-amount';
import { requireCallbackUrl } from './callback-url';
import { paymentUriFor, plainQrReasonOf } from './payment-uri';
import { isCheckedNetwork, requireReceivableAddress } from './service-address';
import { servicePrecision } from '../money/service-precision';
import type { InterfaceAClient } from '../../service/interface-a';

export interface DepositAddressRequest {
  readonly symbol: string;
  readonly label: string;
  readonly referenceId?: string | undefined;
  readonly callbackUrl: string;
  readonly amount?: string | undefined;
  readonly currency?: FiatCurrency | undefined;
}

export interface DepositAddresses {
  newReferenceId(): string;
  create(request: DepositAddressRequest): Promise<CreatedDepositAddressView>;
  /** This session's addresses for the active account, newest first. */
  list(): CreatedDepositAddressView[];
  dispose(): void;
}

/**
 * The expected amount, in the asset's precision: the table's for a network the app knows, else the
 * precision of the service's own amounts of that wallet (docs/design.md "Networks the app does not know"),
 * which also refuses a symbol the account has no wallet of before anything is asked.
 */
async function checkAmount(
  client: InterfaceAClient,
  symbol: string,
  amount: string | undefined,
): Promise<{ text: string; json: number } | undefined> {
  const asset = findAssetNetwork(symbol);
  let decimals: number | undefined = asset?.decimals;
  if (!asset) {
    const wallet = (await client.getWallets()).wallets.find((candidate) => candidate.symbol === symbol);
    if (!wallet) {
      throw new AppError('invalid_symbol', t('mainSend.noWallet'), {
        field: 'symbol',
      });
    }
    if (amount !== undefined) decimals = (await servicePrecision(client, symbol, wallet.amount)).decimals;
  }
  if (amount === undefined) return undefined;
  const value = new Decimal(amount);
  if (value.lte(0)) throw new AppError('bad_input', t('mainFeatures.expectedAmountZero'), { field: 'amount' });
  const text = requireDecimalPlaces(amount, symbol, decimals ?? 0);
  return { text, json: toServiceNumber(value) };
}

/**
 * Deposit addresses created in this sign-in session (POST /deposit/address/create). Everything that can
 * be checked locally — callback URL, reference id, amount — is checked before the service is called, and
 * a reference id is used at most once per session: the service treats it as the request's identity.
 */
export function createDepositAddresses(deps: {
  readonly session: SessionService;
  readonly logger: Logger;
  readonly now?: () => Date;
}): DepositAddresses {
  const now = deps.now ?? (() => new Date());
  const byAccount = new Map<string, CreatedDepositAddressView[]>();
  const usedReferenceIds = new Set<string>();
  const pendingReferenceIds = new Set<string>();

  // A new sign-in (or sign-out) starts a new session: the list and the used ids belong to the old one.
  const unsubscribe = deps.session.onChange((view) => {
    if (view.status === 'signed-out') {
      byAccount.clear();
      usedReferenceIds.clear();
      pendingReferenceIds.clear();
    }
  });

  function isTaken(referenceId: string): boolean {
    return usedReferenceIds.has(referenceId) || pendingReferenceIds.has(referenceId);
  }

  function newReferenceId(): string {
    let id: string;
    do id = `dep-${randomUUID()}`;
    while (isTaken(id));
    return id;
  }

  return {
    newReferenceId,

    async create(request) {
      // The same rule as a merchant deposit address (merchant-deposits.ts): an address with a callback URL
      // decides where payers send money and where the notices of their payments go, so it is made by a role
      // that may move money, never by a Viewer (README, "Who may create deposit addresses").
      deps.session.requireMoneyMovingRole('createDepositAddresses');
      const callbackUrl = requireCallbackUrl(request.callbackUrl);
      const referenceId = request.referenceId?.trim() || newReferenceId();
      if (isTaken(referenceId)) {
        throw new AppError('bad_input', t('mainFeatures.referenceUsed'), {
          field: 'referenceId',
        });
      }
      const client = deps.session.interfaceA();
      const amount = await checkAmount(client, request.symbol, request.amount);
      const label = request.label.trim();
      const accountGuid = client.accountGuid;
      if (!accountGuid) throw new AppError('not_signed_in', t('mainSession.noAccountSelected'));

      pendingReferenceIds.add(referenceId);
      try {
        const created = await client.createDepositAddress({
          symbol: request.symbol,
          label,
          referenceId,
          callbackUrl,
          ...(amount === undefined ? {} : { amount: amount.json }),
          ...(request.currency === undefined ? {} : { currency: request.currency }),
        });
        if (created.referenceId !== referenceId || created.symbol.toUpperCase() !== request.symbol.toUpperCase()) {
          throw new AppError('service_error', t('mainFeatures.otherRequestAnswered'));
        }
        // The service has acted on this reference id, whatever the checks below say.
        usedReferenceIds.add(referenceId);
        const address = await requireReceivableAddress(request.symbol, created.wallet);
        const payment = paymentUriFor(request.symbol, address, amount?.text);
        const view: CreatedDepositAddressView = {
          address,
          symbol: created.symbol,
          network: created.network,
          label,
          referenceId: created.referenceId,
          requestId: created.requestId,
          ...(amount === undefined ? {} : { amount: amount.text }),
          ...(request.currency === undefined ? {} : { currency: request.currency }),
          paymentUri: payment.uri,
          paymentUriKind: payment.kind,
          plainQrReason: plainQrReasonOf(request.symbol, amount?.text, payment),
          addressChecked: isCheckedNetwork(request.symbol),
          createdAt: now().toISOString(),
        };
        byAccount.set(accountGuid, [view, ...(byAccount.get(accountGuid) ?? [])]);
        deps.logger.info('deposit address created', { symbol: view.symbol, referenceId, uri: payment.kind });
        return view;
      } finally {
        pendingReferenceIds.delete(referenceId);
      }
    },

    list() {
      const account = deps.session.activeAccount();
      return [...(byAccount.get(account.guid) ?? [])];
    },

    dispose() {
      unsubscribe();
    },
  };
}
