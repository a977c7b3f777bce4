import { AppError } from '../../app-error';
import { t } from '../../i18n/main-text';
import type { Handlers } from '../../dispatch';
import type { Logger } from '../../logging/logger';
import type { SessionService } from '../session';
import { copyAndVerify, type ClipboardAccess } from './clipboard-copy';
import type { DepositAddresses } from './deposit-addresses';
import { isCheckedNetwork, requireReceivableAddress } from './service-address';

type ReceiveHandlers = Pick<
  Handlers,
  | 'receive.address'
  | 'receive.newReferenceId'
  | 'receive.createDepositAddress'
  | 'receive.createdAddresses'
  | 'clipboard.copy'
>;

export function createReceiveHandlers(deps: {
  readonly session: SessionService;
  readonly deposits: DepositAddresses;
  readonly clipboard: ClipboardAccess | undefined;
  readonly logger: Logger;
}): ReceiveHandlers {
  const { session, deposits } = deps;
  return {
    'receive.address': async ({ code }) => {
      const found = await session.interfaceA().getWalletAddress(code);
      if (found.symbol.toUpperCase() !== code.toUpperCase()) {
        // Showing another asset's address under this one's name could lose the sender's money.
        throw new AppError('service_error', t('mainFeatures.otherAssetAddress', { found: found.symbol, code }));
      }
      return {
        code: found.symbol,
        symbolName: found.symbolName,
        displayName: found.displayName,
        network: found.network,
        address: await requireReceivableAddress(code, found.address),
        addressChecked: isCheckedNetwork(code),
      };
    },
    'receive.newReferenceId': () => {
      session.activeAccount();
      return { referenceId: deposits.newReferenceId() };
    },
    'receive.createDepositAddress': (input) => deposits.create(input),
    'receive.createdAddresses': () => ({ items: deposits.list() }),
    'clipboard.copy': async ({ text }) => {
      const result = await copyAndVerify(deps.clipboard, text);
      // Never log the text: an address ties the user to their money.
      if (!result.verified) deps.logger.warn('the clipboard did not hold what was copied');
      return result;
    },
  };
}
