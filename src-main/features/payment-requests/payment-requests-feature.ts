import { randomUUID } from 'node:crypto';
import { t } from '../../i18n/main-text';
import { writeFile } from 'node:fs/promises';
import type { EnvironmentId } from '../../../src-preload/contract/app';
import type { MerchantDepositAddressView } from '../../../src-preload/contract/merchant';
import type {
  ExpectedPayment,
  PaymentRequestStatusView,
  PaymentRequestView,
} from '../../../src-preload/contract/payment-requests';
import type { CreatedDepositAddressView } from '../../../src-preload/contract/receive';
import { AppError } from '../../app-error';
import type { Handlers } from '../../dispatch';
import type { Logger } from '../../logging/logger';
import type { InterfaceAClient } from '../../service/interface-a';
import type { TransactionItem } from '../../service/interface-a-schemas';
import { rowKeyOf } from '../history';
import type { SessionService } from '../session';
import { paymentRequestsCsv } from './payment-request-csv';
import type { PaymentRequestRecord, PaymentRequestStore, RequestOwner } from './payment-request-store';
import { depositsOf, paymentStatus } from './payment-status';

type PaymentRequestHandlers = Pick<
  Handlers,
  'paymentRequests.list' | 'paymentRequests.statuses' | 'paymentRequests.delete' | 'paymentRequests.export'
>;

/** Who is making a deposit address, taken before the request leaves (the session may change meanwhile). */
export interface Maker extends RequestOwner {
  readonly name: string;
}

export interface PaymentRequests {
  readonly handlers: PaymentRequestHandlers;
  /** The signed-in user and active account, or null when there is none (the creation then fails by itself). */
  makerNow(): Maker | null;
  /** Keeps a deposit address made on Receive (Interface A). Failures go to the log: the address exists anyway. */
  keepReceived(maker: Maker, created: CreatedDepositAddressView): Promise<void>;
  /** Keeps a merchant deposit address (Interface B). */
  keepMerchant(maker: Maker, label: string, created: MerchantDepositAddressView): Promise<void>;
  dispose(): Promise<void>;
}

/** Rows per history page read for a request, and how many pages one search may read. */
const PAGE_SIZE = 100;
const MAX_PAGES = 5;
/** Requests whose history is read at once: a few, so a long list does not run into the rate limit. */
const CONCURRENCY = 4;

async function searchAll(client: InterfaceAClient, filter: string): Promise<TransactionItem[]> {
  const found: TransactionItem[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const result = await client.getTransactions({ page, recordsPerPage: PAGE_SIZE, filter, sortOrder: 'desc' });
    found.push(...result.items);
    if (result.items.length === 0 || page >= result.totalPages) break;
  }
  return found;
}

function messageOf(error: unknown): string {
  return error instanceof AppError ? error.message : t('mainFeatures.historyUnreadable');
}

function viewOf(record: PaymentRequestRecord): PaymentRequestView {
  const { createdByGuid: _createdByGuid, ...view } = record;
  return view;
}

function sameOwner(a: RequestOwner, b: RequestOwner): boolean {
  return a.environment === b.environment && a.userGuid === b.userGuid && a.accountGuid === b.accountGuid;
}

export interface PaymentRequestsDeps {
  readonly session: SessionService;
  readonly store: PaymentRequestStore;
  readonly environment: () => EnvironmentId;
  readonly logger: Logger;
  readonly chooseSaveFile: ((defaultName: string) => Promise<string | null>) | undefined;
  readonly now?: () => Date;
}

type NewRecord = Omit<PaymentRequestRecord, 'id' | 'createdBy' | 'createdByGuid'>;

/** A request made on the receive screen: its amount, when given, is in the asset itself. */
function receivedRecord(created: CreatedDepositAddressView): NewRecord {
  const expected: ExpectedPayment | null =
    created.amount === undefined ? null : { amount: created.amount, unit: created.symbol, kind: 'asset' };
  return {
    origin: 'receive',
    referenceId: created.referenceId,
    address: created.address,
    code: created.symbol,
    network: created.network,
    label: created.label,
    expected,
    createdAt: created.createdAt,
  };
}

/** A request made through the merchant API: its amount may be in a fiat currency. */
function merchantRecord(label: string, created: MerchantDepositAddressView, now: () => Date): NewRecord {
  const expected: ExpectedPayment | null = created.expected
    ? {
        amount: created.expected.amount,
        unit: created.expected.unit,
        kind: created.expected.unit.toUpperCase() === created.code.toUpperCase() ? 'asset' : 'fiat',
      }
    : null;
  return {
    origin: 'merchant',
    referenceId: created.referenceId,
    address: created.address,
    code: created.code,
    network: created.network,
    label,
    expected,
    createdAt: now().toISOString(),
  };
}

/** Statuses of `wanted`, a few at a time; each one that cannot be read goes to `failed` in words. */
async function checkAll(
  wanted: readonly PaymentRequestRecord[],
  client: InterfaceAClient,
  now: () => Date,
  failed: { id: string; message: string }[],
): Promise<PaymentRequestStatusView[]> {
  const items: PaymentRequestStatusView[] = [];
  if (wanted.length === 0) return items;
  const recent = (await client.getTransactions({ page: 1, recordsPerPage: PAGE_SIZE, sortOrder: 'desc' })).items;
  const queue = [...wanted];
  const worker = async (): Promise<void> => {
    for (let record = queue.shift(); record; record = queue.shift()) {
      try {
        items.push(await statusOf(record, client, recent, now));
      } catch (error) {
        failed.push({ id: record.id, message: messageOf(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, wanted.length) }, worker));
  return items;
}

/** Keeps a new request; one that cannot be kept is logged, not thrown, as its address exists either way. */
async function keep(deps: PaymentRequestsDeps, maker: Maker, record: NewRecord) {
  try {
    await deps.store.add(maker, {
      ...record,
      id: randomUUID(),
      createdBy: maker.name,
      createdByGuid: maker.userGuid,
    });
  } catch (error) {
    deps.logger.warn('could not keep a payment request', {
      reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
    });
  }
}

async function statusOf(
  record: PaymentRequestRecord,
  client: InterfaceAClient,
  recent: readonly TransactionItem[],
  now: () => Date,
): Promise<PaymentRequestStatusView> {
  // The service's text search may or may not cover the reference (spec 4.1 #12 leaves it open): the newest
  // rows, a search by reference and one by address are read together, and only exact matches count.
  const rows = new Map<string, TransactionItem>();
  for (const item of [
    ...recent,
    ...(await searchAll(client, record.referenceId)),
    ...(await searchAll(client, record.address)),
  ])
    rows.set(rowKeyOf(item), item);
  const deposits = depositsOf(record, [...rows.values()]);
  const verdict = paymentStatus(record, deposits);
  return {
    id: record.id,
    ...verdict,
    deposits: deposits.map(({ prices: _prices, ...deposit }) => deposit),
    checkedAt: now().toISOString(),
  };
}

/**
 * Payment requests of the signed-in user in the active account: kept when a deposit address is made, listed,
 * checked against the history, deleted and exported. Every operation needs an unlocked, signed-in session
 * and acts on that user's and account's requests only, so another user of the same computer never sees them.
 */
export function createPaymentRequests(deps: PaymentRequestsDeps): PaymentRequests {
  const now = deps.now ?? (() => new Date());
  // Statuses last read, for the export; forgotten with the session that read them.
  const lastStatus = new Map<string, PaymentRequestStatusView>();
  const stopWatching = deps.session.onChange((view) => {
    if (view.status !== 'signed-in') lastStatus.clear();
  });

  function owner(): RequestOwner {
    const { userGuid } = deps.session.activeUser();
    return { environment: deps.environment(), userGuid, accountGuid: deps.session.activeAccount().guid };
  }

  /** An answer computed for one owner is not handed to whoever signed in meanwhile. */
  function requireStill(expected: RequestOwner): void {
    if (!sameOwner(owner(), expected)) throw new AppError('not_signed_in', t('mainFeatures.requestsSessionChanged'));
  }

  const handlers: PaymentRequestHandlers = {
    'paymentRequests.list': async () => {
      const mine = owner();
      const kept = await deps.store.list(mine);
      requireStill(mine);
      const items = kept.items.map(viewOf).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return { items, unreadable: kept.unreadable };
    },

    'paymentRequests.statuses': async ({ ids }) => {
      const mine = owner();
      const client = deps.session.interfaceA();
      const kept = new Map((await deps.store.list(mine)).items.map((record) => [record.id, record]));
      const wanted = ids.flatMap((id) => {
        const record = kept.get(id);
        return record ? [record] : [];
      });
      const failed = ids
        .filter((id) => !kept.has(id))
        .map((id) => ({ id, message: t('mainFeatures.requestNotYours') }));
      const items = await checkAll(wanted, client, now, failed);
      requireStill(mine);
      for (const item of items) lastStatus.set(item.id, item);
      return { items, failed };
    },

    'paymentRequests.delete': async ({ id }) => {
      const mine = owner();
      const deleted = await deps.store.remove(mine, id);
      if (deleted) {
        lastStatus.delete(id);
        deps.logger.info('payment request deleted');
      }
      return { deleted };
    },

    'paymentRequests.export': async ({ ids }) => {
      const mine = owner();
      if (!deps.chooseSaveFile) throw new AppError('not_configured', t('mainFeatures.noSaving'));
      const kept = new Map((await deps.store.list(mine)).items.map((record) => [record.id, viewOf(record)]));
      const rows = ids.flatMap((id) => {
        const view = kept.get(id);
        return view ? [view] : [];
      });
      const path = await deps.chooseSaveFile(`wallet-desk-payment-requests-${now().toISOString().slice(0, 10)}.csv`);
      if (path === null) return { path: null, rows: 0 };
      requireStill(mine);
      await writeFile(
        path,
        paymentRequestsCsv(rows, (id) => lastStatus.get(id)),
        { encoding: 'utf8', mode: 0o600 },
      );
      return { path, rows: rows.length };
    },
  };

  return {
    handlers,

    makerNow() {
      try {
        return { ...owner(), name: deps.session.activeUser().name };
      } catch {
        return null;
      }
    },

    keepReceived: (maker, created) => keep(deps, maker, receivedRecord(created)),
    keepMerchant: (maker, label, created) => keep(deps, maker, merchantRecord(label, created, now)),

    async dispose() {
      stopWatching();
      await deps.store.settled();
    },
  };
}
