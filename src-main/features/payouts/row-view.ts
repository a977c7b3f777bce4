import type { PayoutRow, PayoutRowView } from '../../../src-preload/contract/payouts';
import { explorerUrlFor } from '../history';
import type { RowRecord } from './payout-store';
import type { RowLive } from './row-movers';
import { t } from '../../i18n/main-text';

/**
 * A row as the window sees it: what the batch wrote down, overtaken by the live state of the row's send or
 * withdrawal when this run knows it (a Check status or a settle round may have settled it since).
 */
export function rowView(row: PayoutRow, record: RowRecord | undefined, live: RowLive | null): PayoutRowView {
  const base = { ...row, intentId: null, txId: null, explorerUrl: null, message: null, executedBy: null };
  if (record === undefined) return { ...base, state: 'waiting' };
  if (record.state === 'skipped') return { ...base, state: 'skipped', executedBy: record.by };
  const own = { ...base, intentId: record.intentId, executedBy: record.by };
  if (live !== null) {
    switch (live.state) {
      case 'succeeded': {
        const txId = live.outcome?.txId ?? null;
        return { ...own, state: 'succeeded', txId, explorerUrl: linkOf(row, txId, live.outcome?.explorerUrl ?? null) };
      }
      case 'in-flight':
      case 'confirmed':
        return { ...own, state: 'sending' };
      case 'refused':
      case 'unknown':
      case 'closed':
        return { ...own, state: live.state, message: live.error?.message ?? null };
      case 'cancelled':
        return { ...own, state: 'refused', message: live.error?.message ?? null };
    }
  }
  switch (record.state) {
    case 'succeeded':
      return {
        ...own,
        state: 'succeeded',
        txId: record.txId,
        explorerUrl: linkOf(row, record.txId, record.explorerUrl),
      };
    case 'refused':
      return { ...own, state: 'refused', message: record.message };
    case 'unknown':
      return { ...own, state: 'unknown', message: record.message };
    case 'sending':
      return { ...own, state: 'interrupted', message: t('mainPayouts.interrupted') };
  }
}

function linkOf(row: PayoutRow, txId: string | null, given: string | null): string | null {
  if (given) return given;
  return txId ? explorerUrlFor(row.code, txId) : null;
}
