import type { WithdrawIntentView } from '../../../src-preload/contract/merchant';
import type { BridgeError } from '../../../src-preload/result';
import { AppError } from '../../app-error';
import { toWireAmount } from '../../service/interface-b';
import type { WithdrawResult } from '../../service/interface-b-schemas';
import { checkAddress } from '../addresses/validate-address';
import type { Intent } from '../money/at-most-once';
import { journaledLedger, type IntentJournal } from '../money/intent-journal';
import { assetByCode, networkNameById, networkOf, requireAmountPrecision } from './asset-lookup';
import type { MerchantConnection, MerchantKeys } from './merchant-keys';
import { sameAddress } from './merchant-verification';
import type { WithdrawBody } from './withdraw-body';

export interface WithdrawInput {
  readonly referenceId: string;
  readonly code: string;
  readonly address: string;
  readonly amount: string;
  readonly label: string;
  readonly email: string;
}

// Refusals after which the service has certainly not recorded the withdrawal (it would have answered a
// duplicate with the original result before judging the new request).
const definiteRefusals = new Set(['bad_input', 'invalid_code', 'insufficient_balance']);

/**
 * Merchant withdrawals (spec 4.2 call 1) under the at-most-once rules of security.md 21-24.
 *
 * The ledger's reference id is both the ReferenceId and the MerchantTransactionId: fixed when the user
 * confirms, reused for any deliberate retry, new only for a new withdrawal.
 *
 * Reconciling an unknown outcome: Interface B has no withdrawal history or look-up endpoint. What it does
 * have is idempotency on MerchantTransactionId — a request repeating an already committed id with the same
 * body is answered with the original result and moves nothing. So "Check status" re-sends the identical
 * frozen request (same id, same body, a fresh two-factor code since codes are never stored), only when the
 * user asks: if the first request landed, the answer is its result; if it did not, this request is the one
 * that lands. Either way the money moves once. It is never done automatically.
 */
export function createMerchantWithdraw(keys: MerchantKeys, journal?: IntentJournal<WithdrawBody, null>) {
  // A withdrawal's view is derived from its body: there is no separate review to keep.
  const ledger = journaledLedger<WithdrawBody, WithdrawResult, null>(journal, { get: () => null, set: () => {} });
  const checking = new Set<string>();

  function view(intent: Intent<WithdrawBody, WithdrawResult>, error: BridgeError | null = null): WithdrawIntentView {
    return {
      intentId: intent.id,
      merchantTransactionId: intent.referenceId,
      environment: intent.body.environment,
      code: intent.body.code,
      networkName: networkNameById(intent.body.networkId),
      address: intent.body.address,
      amount: intent.body.amount,
      label: intent.body.label,
      email: intent.body.email,
      verified: intent.body.verified,
      state: intent.state,
      attempts: intent.attempts,
      result: intent.outcome,
      error: error ?? intent.error,
    };
  }

  /** The keys in use now must be the ones the withdrawal was confirmed with. */
  async function connectionFor(body: WithdrawBody): Promise<MerchantConnection> {
    const connection = await keys.connect();
    if (
      connection.environment !== body.environment ||
      connection.publicKey !== body.publicKey ||
      connection.origin !== body.origin
    ) {
      throw new AppError(
        'stale_precheck',
        'The merchant environment or keys changed after this withdrawal was confirmed. Switch back, or start a new withdrawal.',
      );
    }
    return connection;
  }

  function send(connection: MerchantConnection, tfaCode: string) {
    return (body: WithdrawBody, referenceId: string) =>
      connection.client.withdraw(
        {
          ReferenceId: referenceId,
          Amount: body.amount,
          Symbol: body.code,
          NetworkId: body.networkId,
          Address: body.address,
          Label: body.label,
          MerchantTransactionId: referenceId,
          Email: body.email,
        },
        tfaCode,
      );
  }

  return {
    async confirm(input: WithdrawInput): Promise<WithdrawIntentView> {
      const entry = assetByCode(input.code);
      const network = networkOf(entry);
      const checked = await checkAddress(entry.network, input.address);
      if (!checked.ok) throw new AppError('invalid_address', checked.reason, { field: 'address' });
      const amount = requireAmountPrecision(entry, input.amount);
      toWireAmount(amount);
      const connection = await keys.connect();
      const listed = await connection.client.withdrawableAssets(input.referenceId);
      const verified = listed.some(
        (asset) =>
          asset.symbol === entry.code && asset.networkId === network.id && sameAddress(asset.address, checked.address),
      );
      if (!verified && !keys.current().allowUnverified) {
        throw new AppError(
          'forbidden',
          `This address is not verified for ${entry.code} under reference ${input.referenceId}. Verify it first (Verified addresses), or turn on "Allow unverified addresses" at your own risk.`,
          { field: 'address' },
        );
      }
      const intent = ledger.confirm({
        environment: connection.environment,
        publicKey: connection.publicKey,
        origin: connection.origin,
        code: entry.code,
        networkId: network.id,
        address: checked.address,
        amount,
        label: input.label,
        email: input.email,
        verified,
      });
      return view(intent);
    },

    async submit(intentId: string, tfaCode: string): Promise<WithdrawIntentView> {
      const intent = ledger.get(intentId);
      if (intent.state === 'succeeded') return view(intent);
      const connection = await connectionFor(intent.body);
      try {
        await ledger.submit(intentId, send(connection, tfaCode));
        return view(ledger.get(intentId));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return view(ledger.get(intentId), error.toBridgeError());
      }
    },

    async checkStatus(intentId: string, tfaCode: string): Promise<WithdrawIntentView> {
      const intent = ledger.get(intentId);
      if (intent.state !== 'unknown') return view(intent);
      if (checking.has(intentId)) {
        return view(intent, {
          code: 'in_flight',
          message: 'The status is already being checked. Wait for its result.',
        });
      }
      checking.add(intentId);
      try {
        const connection = await connectionFor(intent.body);
        const result = await send(connection, tfaCode)(intent.body, intent.referenceId);
        return view(await ledger.reconcile(intentId, result));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (definiteRefusals.has(error.code)) {
          const refused = await ledger.reconcile(intentId, null);
          return view(refused, {
            code: error.code,
            message: `The service has no record of this withdrawal and refused the re-sent request, so no money moved. ${error.message} You can retry with the same merchant transaction id.`,
          });
        }
        return view(ledger.get(intentId), {
          code: 'outcome_unknown',
          message: `The status could not be checked: ${error.message} The outcome is still unknown.`,
        });
      } finally {
        checking.delete(intentId);
      }
    },

    get(intentId: string): WithdrawIntentView {
      return view(ledger.get(intentId));
    },

    /** Withdrawals whose outcome is unknown, including those a previous run left, until checked. */
    unresolved(): WithdrawIntentView[] {
      return ledger.unknown().map((intent) => view(intent));
    },
  };
}
