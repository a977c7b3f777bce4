import { findAsset } from './data/assets';
import { makeRow, WITHDRAW_TYPE } from './data/history';
import type { AccountSeed } from './data/identities';
import { Dec } from './data/money';
import type { SandboxState } from './data/state';
import type { CommittedWithdrawal, MerchantAccountLink, ReceivedDeposit } from './interface-b/index';

/**
 * Which Interface A account each Interface B merchant belongs to. The seeded identities give accounts a
 * merchantGuid but merchants none, so the sandbox links them: merchant i to the i-th non-personal account,
 * round robin (seed data: Northwind Traders and Fabrikam Games to Alice Trading Ltd, Contoso Payments to
 * Northwind Payments). The merchant's merchantGuid is then its account's, as GET /accounts reports it.
 */
export function linkMerchants(
  merchantKeys: readonly string[],
  accounts: readonly AccountSeed[],
): Map<string, AccountSeed> {
  const companies = accounts.filter((a) => !a.isPersonalAccount);
  const links = new Map<string, AccountSeed>();
  merchantKeys.forEach((publicKey, index) => {
    const account = companies[index % Math.max(companies.length, 1)];
    if (account) links.set(publicKey, account);
  });
  return links;
}

/**
 * Interface B withdrawals (and deposits on merchant deposit addresses) written into the linked account's
 * Interface A history when they commit: a Withdraw row with withdrawType 3 (merchant API withdrawal), the request's MerchantTransactionId and
 * ReferenceId, `to` = the address, status Completed. Balances stay apart: the merchant's Interface B
 * balances paid, the account's wallets do not change.
 */
export function merchantAccountLink(state: SandboxState, links: ReadonlyMap<string, AccountSeed>): MerchantAccountLink {
  return {
    accountGuidOf: (publicKey) => links.get(publicKey)?.guid ?? null,
    recordWithdrawal: (accountGuid: string, withdrawal: CommittedWithdrawal) => {
      const account = state.account(accountGuid);
      const asset = findAsset(withdrawal.listing.symbol);
      if (!account || !asset) return;
      account.history.append(
        makeRow({
          asset,
          address: account.wallets.get(asset.symbol)?.address ?? '',
          txId: withdrawal.txId,
          amount: new Dec(withdrawal.amount.toFixed()),
          usdPrice: state.world.prices.get(asset.symbol) ?? new Dec(0),
          status: 'Completed',
          type: 'Withdraw',
          dateMs: Date.now(),
          referenceId: withdrawal.referenceId,
          label: withdrawal.label,
          merchantTransactionId: withdrawal.merchantTransactionId,
          to: withdrawal.address,
          withdrawType: WITHDRAW_TYPE.apiWithdrawal,
          isAutoCollected: false,
        }),
      );
    },
    // A deposit on a merchant deposit address shows as a Deposit of the linked account, with the address's
    // ReferenceId, as the merchant's withdrawals do: the trace a payment request's status is read from.
    recordDeposit: (accountGuid: string, deposit: ReceivedDeposit) => {
      const account = state.account(accountGuid);
      const asset = findAsset(deposit.listing.symbol);
      if (!account || !asset) return;
      account.history.append(
        makeRow({
          asset,
          address: deposit.address,
          txId: deposit.txId,
          amount: new Dec(deposit.amount.toFixed()),
          usdPrice: state.world.prices.get(asset.symbol) ?? new Dec(0),
          status: 'Completed',
          type: 'Deposit',
          dateMs: Date.now(),
          referenceId: deposit.referenceId,
          label: deposit.label,
          merchantTransactionId: '',
          to: '',
          withdrawType: WITHDRAW_TYPE.none,
          isAutoCollected: false,
        }),
      );
    },
  };
}
