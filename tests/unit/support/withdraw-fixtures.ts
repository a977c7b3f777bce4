import type { WithdrawReview } from '../../../src-preload/contract/withdraw';

/** A withdrawal as main reviews it, for the renderer's withdrawal store tests. */
export const withdrawReview: WithdrawReview = {
  intentId: '5b0c7a52-3f0e-4c36-9d3e-2b8f7c1d9e41',
  merchantTransactionId: 'INV-1',
  memberReferenceId: 'member-1',
  environment: 'local-sandbox',
  code: 'ETH',
  networkName: 'Ethereum Mainnet',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  amount: '0.02',
  label: 'payout',
  email: 'treasury@example.com',
  verified: true,
  startedAt: '2026-11-24T04:00:00.000Z',
};

/** The form's input that confirms `withdrawReview`. */
export const withdrawInput = {
  referenceId: 'member-1',
  code: 'ETH',
  address: withdrawReview.address,
  amount: '0.02',
  label: 'payout',
  email: 'treasury@example.com',
} as const;
