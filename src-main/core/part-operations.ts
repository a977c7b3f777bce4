import type { OperationName } from '../../src-preload/contract';

/**
 * The operations of the parts the core builds on first use, by name only: the dispatcher knows them before
 * the parts' modules are loaded. app-core.ts must answer every operation of the contract (its Handlers
 * type), so an operation missing here, or one a part does not answer, fails the type check.
 */
export const moneyOperations = [
  'send.assets',
  'send.precheck',
  'send.confirm',
  'send.execute',
  'send.status',
  'send.reconcile',
  'send.unresolved',
  'send.close',
  'send.closed',
  'swap.symbols',
  'swap.quote',
  'swap.confirm',
  'swap.execute',
  'swap.status',
  'swap.reconcile',
  'swap.cancel',
  'swap.unresolved',
  'swap.close',
  'swap.closed',
  'withdraw.confirm',
  'withdraw.execute',
  'withdraw.status',
  'withdraw.reconcile',
  'withdraw.unresolved',
  'withdraw.close',
  'withdraw.closed',
  'merchant.getSettings',
  'merchant.setEnvironment',
  'merchant.setApiUrl',
  'merchant.setAllowUnverified',
  'merchant.setAssetForm',
  'merchant.saveKeys',
  'merchant.deleteKeys',
  'merchant.signingGenerate',
  'merchant.signingImport',
  'merchant.signingSetEnabled',
  'merchant.signingRemove',
  'merchant.testConnection',
  'merchant.balances',
  'merchant.verifiedList',
  'merchant.verifyStart',
  'merchant.verifyPending',
  'merchant.verifyConfirm',
  'merchant.verifyRestart',
  'merchant.verifyDiscard',
  'merchant.depositCreate',
  'merchant.depositGet',
  'merchant.callbackCheck',
  'addressBook.list',
  'addressBook.save',
  'addressBook.remove',
  'money.settleRound',
  'payouts.check',
  'payouts.save',
  'payouts.list',
  'payouts.get',
  'payouts.remove',
  'payouts.export',
  'payouts.import',
  'payouts.deskRule',
  'payouts.setDeskRule',
  'payouts.executeRow',
  'payouts.checkRow',
  'payouts.skipRow',
  'payouts.results',
] as const satisfies readonly OperationName[];
export type MoneyOperation = (typeof moneyOperations)[number];

export const historyOperations = [
  'history.page',
  'history.getFilters',
  'history.saveFilters',
  'history.startExport',
  'history.setLabel',
  'history.exportLabels',
  'history.previewLabelImport',
  'history.applyLabelImport',
  'history.cancelExport',
] as const satisfies readonly OperationName[];
export type HistoryOperation = (typeof historyOperations)[number];

export const receiveOperations = [
  'receive.address',
  'receive.newReferenceId',
  'receive.createDepositAddress',
  'receive.createdAddresses',
  'clipboard.copy',
  'paymentRequests.list',
  'paymentRequests.statuses',
  'paymentRequests.delete',
  'paymentRequests.export',
] as const satisfies readonly OperationName[];
export type ReceiveOperation = (typeof receiveOperations)[number];

export const environmentOperations = [
  'environments.get',
  'environments.check',
  'environments.save',
  'environments.select',
  'environments.checkMerchantApi',
] as const satisfies readonly OperationName[];
export type EnvironmentOperation = (typeof environmentOperations)[number];

export const notificationOperations = [
  'notifications.get',
  'notifications.setDeposits',
  'notifications.watch',
  'notifications.markSeen',
] as const satisfies readonly OperationName[];
