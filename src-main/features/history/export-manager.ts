import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { ExportAccounts, ExportFormat, ExportProgress, HistoryQuery } from '../../../src-preload/contract/history';
import type { FiatCurrency } from '../../../src-preload/contract/receive';
import type { TransactionItem } from '../../service/interface-a-schemas';
import { AppError } from '../../app-error';
import { t } from '../../i18n/main-text';
import type { Logger } from '../../logging/logger';
import type { SessionService } from '../session';
import { exportHistoryCsv, type ExportPageProgress, type ExportSource, type LeftOut } from './export-history';
import type { RetryPolicy } from './fetch-with-retry';

export interface HistoryExportsDeps {
  readonly session: SessionService;
  readonly logger: Logger;
  readonly publish: (progress: ExportProgress) => void;
  /** The save dialog: resolves with the chosen path, or null when the user closes it. */
  readonly chooseSaveFile: ((defaultName: string) => Promise<string | null>) | undefined;
  /** The signed-in user's labels of one account, read once when an export starts. */
  readonly userLabels?: (userGuid: string, accountGuid: string) => (item: TransactionItem) => string;
  readonly retry?: RetryPolicy;
  /** Least time between two running-progress events (retries and the end are always sent). */
  readonly progressIntervalMs?: number;
}

/** What the window asks to export. */
export interface ExportRequest {
  readonly filters: HistoryQuery;
  readonly format?: ExportFormat;
  readonly currency?: FiatCurrency;
  readonly accounts?: ExportAccounts;
}

export interface HistoryExports {
  /** Asks for a file, then exports in the background; null when the dialog was closed. */
  start(request: ExportRequest): Promise<string | null>;
  cancel(exportId: string): boolean;
  /** Resolves when the given export has ended (for tests and shutdown). */
  settled(exportId: string): Promise<void>;
  dispose(): Promise<void>;
}

interface Running {
  readonly id: string;
  readonly accountGuid: string;
  readonly controller: AbortController;
  readonly done: Promise<void>;
}

class ExportCancelled extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** The suggested file name: the day, and the tool a preset is for (every preset is a CSV file). */
export function defaultExportName(now = new Date(), format: ExportFormat = 'csv'): string {
  const day = now.toISOString().slice(0, 10);
  switch (format) {
    case 'csv':
    case 'json':
      return `wallet-desk-history-${day}.${format}`;
    case 'koinly':
    case 'cointracking':
    case 'xero':
    case 'quickbooks':
      return `wallet-desk-history-${day}-${format}.csv`;
  }
}

/** What a preset left out, in whole sentences ('' when nothing). */
export function leftOutWords(leftOut: LeftOut, currency: FiatCurrency): string {
  const sentences: string[] = [];
  const notCompleted = leftOut['not-completed'];
  if (notCompleted > 0) sentences.push(t('mainHistory.export.leftOutNotCompleted', { count: notCompleted }));
  const noDate = leftOut['no-date'];
  if (noDate > 0) sentences.push(t('mainHistory.export.leftOutNoDate', { count: noDate }));
  const noPrice = leftOut['no-price'];
  if (noPrice > 0) sentences.push(t('mainHistory.export.leftOutNoPrice', { count: noPrice, currency }));
  if (sentences.length > 0) sentences.push(t('mainHistory.export.completeListsAll'));
  return sentences.join(' ');
}

function describeFailure(error: unknown): string {
  if (error instanceof AppError) return error.message;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code ? t('mainHistory.export.notWritten', { code }) : t('mainHistory.export.failed');
}

/**
 * One export at a time, for the account that started it: signing out, locking or switching account stops
 * it (and removes its unfinished file), so no data of one session keeps flowing after it ends.
 */
/** The accounts to export, the active one first, each read with its own X-Account-Guid. */
function sourcesFor(deps: HistoryExportsDeps, userGuid: string, accounts: ExportAccounts): ExportSource[] {
  const active = deps.session.activeAccount();
  const chosen =
    accounts === 'all'
      ? [active, ...deps.session.view().accounts.filter((account) => account.guid !== active.guid)]
      : [active];
  return chosen.map((account) => {
    const client = account.guid === active.guid ? deps.session.interfaceA() : deps.session.interfaceAFor(account.guid);
    return {
      account: account.name,
      streamPage: (request, onItems, reading) => client.streamTransactions(request, onItems, reading),
      ...(deps.userLabels === undefined ? {} : { userLabelOf: deps.userLabels(userGuid, account.guid) }),
    };
  });
}

/**
 * An export's progress to the window: every state at once, a page's progress at most once per interval,
 * the last one held back rather than dropped so a slow next page still shows what was written.
 */
function progressSender(publish: HistoryExportsDeps['publish'], id: string, interval: number) {
  let lastSent = 0;
  // A page's progress held back by the interval, sent when the interval is over unless a newer event is.
  let trailing: ReturnType<typeof setTimeout> | undefined;
  const send = (state: ExportProgress['state'], p: ExportPageProgress, message?: string): void => {
    clearTimeout(trailing);
    trailing = undefined;
    lastSent = Date.now();
    publish({ exportId: id, ...p, state, ...(message === undefined ? {} : { message }) });
  };
  const onPage = (p: ExportPageProgress): void => {
    const wait = interval - (Date.now() - lastSent);
    if (p.page >= p.totalPages || wait <= 0) {
      send('running', p);
      return;
    }
    // Held back, not dropped: when the next page is slow, the window still learns what was written.
    clearTimeout(trailing);
    trailing = setTimeout(() => send('running', p), wait);
  };
  return { send, onPage };
}

export function createHistoryExports(deps: HistoryExportsDeps): HistoryExports {
  let running: Running | null = null;
  const finished = new Map<string, Promise<void>>();
  const interval = deps.progressIntervalMs ?? 100;

  const unsubscribe = deps.session.onChange((view) => {
    if (running && (view.status !== 'signed-in' || view.activeAccountGuid !== running.accountGuid)) {
      running.controller.abort(new ExportCancelled(t('mainHistory.export.sessionChanged')));
    }
  });

  function run(
    id: string,
    owner: { readonly userGuid: string; readonly accountGuid: string },
    path: string,
    request: Required<ExportRequest>,
  ): Running {
    const { accountGuid } = owner;
    const { filters, format, currency } = request;
    const controller = new AbortController();
    const release = (): void => {
      if (running?.id === id) running = null;
    };
    const { send, onPage } = progressSender(deps.publish, id, interval);
    send('running', { written: 0, total: 0, page: 0, totalPages: 0 });
    const done = exportHistoryCsv({
      sources: sourcesFor(deps, owner.userGuid, request.accounts),
      path,
      filters,
      format,
      currency,
      signal: controller.signal,
      ...(deps.retry === undefined ? {} : { retry: deps.retry }),
      onPage,
      onRetry: (notice, p) => {
        deps.logger.warn('history export page will be retried', {
          reason: notice.reason,
          attempt: notice.attempt,
          delayMs: notice.delayMs,
          page: p.page,
        });
        send('retrying', p, notice.message);
      },
    })
      .then(
        (result) => {
          // Free before telling the window, so an export started on seeing "done" is not refused as in flight.
          release();
          deps.logger.info('history export finished', { records: result.written, pages: result.pages });
          send(
            'done',
            { written: result.written, total: result.total, page: result.pages, totalPages: result.pages },
            [t('mainHistory.export.saved', { file: basename(path) }), leftOutWords(result.leftOut, currency)]
              .filter((s) => s !== '')
              .join(' '),
          );
        },
        (error: unknown) => {
          release();
          const empty = { written: 0, total: 0, page: 0, totalPages: 0 };
          if (controller.signal.aborted) {
            const reason = controller.signal.reason;
            send(
              'cancelled',
              empty,
              reason instanceof ExportCancelled ? reason.reason : t('mainHistory.export.cancelled'),
            );
            return;
          }
          deps.logger.warn('history export failed', {
            error: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
          });
          send('failed', empty, `${describeFailure(error)} ${t('mainHistory.export.noFileSaved')}`);
        },
      )
      .finally(release);
    return { id, accountGuid, controller, done };
  }

  return {
    async start({ filters, format = 'csv', currency = 'USD', accounts = 'active' }) {
      if (running) throw new AppError('in_flight', t('mainHistory.export.inFlight'));
      const account = deps.session.activeAccount();
      const user = deps.session.activeUser();
      if (!deps.chooseSaveFile) throw new AppError('not_configured', t('mainHistory.export.noSaveDialog'));
      const path = await deps.chooseSaveFile(defaultExportName(new Date(), format));
      if (path === null) return null;
      // The dialog may have been open while the session changed or another export started.
      if (running) throw new AppError('in_flight', t('mainHistory.export.inFlight'));
      if (deps.session.activeAccount().guid !== account.guid)
        throw new AppError('cancelled', t('mainHistory.export.accountChanged'));
      const id = randomUUID();
      running = run(id, { userGuid: user.userGuid, accountGuid: account.guid }, path, {
        filters,
        format,
        currency,
        accounts,
      });
      finished.set(id, running.done);
      return id;
    },
    cancel(exportId) {
      if (running?.id !== exportId) return false;
      running.controller.abort(new ExportCancelled(t('mainHistory.export.cancelled')));
      return true;
    },
    async settled(exportId) {
      await finished.get(exportId);
    },
    async dispose() {
      unsubscribe();
      const current = running;
      if (current) {
        current.controller.abort(new ExportCancelled(t('mainHistory.export.closing')));
        await current.done;
      }
    },
  };
}
