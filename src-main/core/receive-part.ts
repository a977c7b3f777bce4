import { join } from 'node:path';
import type { AppCoreDeps } from './app-core-deps';
import type { Handlers } from '../dispatch';
import {
  createPaymentRequests,
  createPaymentRequestStore,
  memoryPaymentRequestStore,
  type PaymentRequests,
} from '../features/payment-requests';
import { createKeychainSealer } from '../features/portfolio';
import { createDepositAddresses, createReceiveHandlers, type ClipboardAccess } from '../features/receive';
import type { SessionService } from '../features/session';
import type { ReceiveOperation } from './part-operations';

export interface ReceivePart {
  readonly paymentRequests: PaymentRequests;
  readonly handlers: Pick<Handlers, ReceiveOperation>;
  dispose(): Promise<void>;
}

function clipboardOf(deps: AppCoreDeps): ClipboardAccess | undefined {
  const { writeClipboard, readClipboard } = deps;
  return writeClipboard && readClipboard ? { write: writeClipboard, read: readClipboard } : undefined;
}

/**
 * Deposit addresses and the payment requests kept of them: built at the first Receive or payment-request
 * operation. Payment requests are sealed like the last known balances (safeStorage in the shell) but never
 * with the balances' key, which sign-out deletes: they outlive it.
 */
export function createReceivePart(deps: AppCoreDeps, session: SessionService): ReceivePart {
  const paymentRequests = createPaymentRequests({
    session,
    environment: () => deps.settings.get().environment,
    logger: deps.logger,
    chooseSaveFile: deps.chooseSaveFile,
    store:
      deps.userDataDir === undefined
        ? memoryPaymentRequestStore()
        : createPaymentRequestStore({
            directory: join(deps.userDataDir, 'payment-requests'),
            sealerFor:
              deps.balanceSealer ??
              ((environment) => createKeychainSealer(deps.secrets, `payment-requests-key:${environment}`)),
            logger: deps.logger,
          }),
  });
  const deposits = createDepositAddresses({ session, logger: deps.logger });
  const receiveHandlers = createReceiveHandlers({
    session,
    deposits,
    clipboard: clipboardOf(deps),
    logger: deps.logger,
  });
  return {
    paymentRequests,
    handlers: {
      ...receiveHandlers,
      ...paymentRequests.handlers,
      // Every deposit address made with a reference is kept as a payment request of whoever made it.
      'receive.createDepositAddress': async (input) => {
        const maker = paymentRequests.makerNow();
        const created = await receiveHandlers['receive.createDepositAddress'](input);
        if (maker) await paymentRequests.keepReceived(maker, created);
        return created;
      },
    },
    async dispose() {
      deposits.dispose();
      await paymentRequests.dispose();
    },
  };
}
