import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Logger } from '../logging/logger';
import { t } from '../i18n/main-text';
import { AppError } from '../app-error';
import { envelopeOf } from './envelope';
import {
  AnswerTooLarge,
  answerOf,
  ReaderFailure,
  readBytesUpTo,
  readWhole,
  readWholeUpTo,
  type AnswerReader,
  type ServiceAnswer,
} from './http-call';
import { TransactionItem, TransactionsHead, type TransactionsRequest } from './interface-a-transaction-schemas';
import { checkedTransactionItem } from './transaction-item-check';
import { findJsonItems, JsonSplitError, parseJsonElement, type JsonItemsFound } from './json-items-splitter';
import { MAX_ENVELOPE_CHARS, MAX_ITEM_CHARS, maxTransactionsAnswerBytes } from './transactions-answer-limits';

/**
 * Reads a transactions answer whole, up to the bytes `recordsPerPage` items may take. The page is held
 * whole (the History screen, deposit notices, the send and swap look-ups), so a hostile service must not be
 * able to make it any size it likes; error answers are bounded too.
 */
export function readTransactionsWhole(recordsPerPage: number, logger: Logger | undefined): AnswerReader {
  const maxBytes = maxTransactionsAnswerBytes(recordsPerPage);
  return readWholeUpTo(maxBytes, tooLargeOver(maxBytes, logger));
}

const pageTooLarge = (): AppError => new AnswerTooLarge(t('mainService.a.pageTooLarge'));

/**
 * A page refused once the reader has logged why: passed through as it is, so the client's schema check does not
 * log the same answer again with a reason of its own (the missing data it was handed).
 */
const unreadableLogged = (): ReaderFailure =>
  new ReaderFailure(new AppError('service_error', t('mainService.a.unreadable')));

/** The refusal of an answer past `maxBytes`, whole or read for an export: logged by its size only. */
function tooLargeOver(maxBytes: number, logger: Logger | undefined): () => AppError {
  return () => {
    // Sizes only: the text may hold personal data.
    logger?.warn('interface A answer could not be read', {
      path: '/transactions',
      reason: `the answer is over ${maxBytes} bytes`,
    });
    return pageTooLarge();
  };
}

type OnItems = (items: readonly TransactionItem[]) => Promise<void>;

/** What an answer that is a page says of itself before any of its items is handed on. */
export interface ArrivedPage {
  /** How many items it holds. */
  readonly items: number;
  /** How many pages the service says the history has. */
  readonly totalPages: number;
}

/** How an export reads a page besides its items (interface-a.ts streamTransactions). */
export interface TransactionItemsOptions {
  /**
   * Awaited once the answer is whole and says it is a page (envelope code 200, the page's totals as the contract
   * has them, no more items than asked for), before any item is handed on: the export asks for the next page
   * there (once the page before this one is being written), then waits for its turn to write. Not called for any
   * other answer (an error in the envelope, a 401 the client answers by sending again); an item off the contract
   * is found only as it is parsed, after it.
   */
  readonly onArrived?: (page: ArrivedPage) => Promise<void>;
  /** Stops reading the body at its next piece, with the signal's reason (a page no longer wanted). */
  readonly signal?: AbortSignal;
  /**
   * Ends the request whether or not its answer has begun, with the signal's reason: for the export's own stop (a
   * cancel). A page's own stop only stops the reading, so its request is answered before the next one goes out.
   */
  readonly cancel?: AbortSignal;
}

/**
 * Items are parsed and handed on from at most about this many characters of the body at a time (some 30 items),
 * so few parsed items are alive at once.
 */
const STRETCH_CHARS = 16 * 1024;

/**
 * Checks one stretch of items and hands it on; false once one is off the contract (the rest of the answer
 * is not read). `counted` is how many items came before this stretch.
 */
async function handOnItems(
  values: readonly unknown[],
  counted: number,
  onItems: OnItems,
  logger: Logger | undefined,
): Promise<number | false> {
  if (values.length === 0) return counted;
  const items: TransactionItem[] = [];
  let count = counted;
  for (const value of values) {
    // The schema is asked only about an item the quick check refuses, so its issues are what is logged.
    const checked = checkedTransactionItem(value);
    if (checked !== null) {
      items.push(checked);
      count += 1;
      continue;
    }
    const item = TransactionItem.safeParse(value);
    if (!item.success) {
      logger?.warn('interface A answer does not match the contract', {
        path: '/transactions',
        issues: item.error.issues
          .slice(0, 3)
          .map((issue) => `items.${count}.${issue.path.join('.')}: ${issue.message}`),
      });
      return false;
    }
    items.push(item.data);
    count += 1;
  }
  await onItems(items).catch((error: unknown) => {
    throw new ReaderFailure(error);
  });
  return count;
}

/** Parses the items of `found` a stretch at a time and hands each on; false once one is off the contract. */
async function handOnAll(
  text: string,
  found: JsonItemsFound,
  onItems: OnItems,
  logger: Logger | undefined,
): Promise<boolean> {
  const total = found.bounds.length / 2;
  let counted = 0;
  let stretch: unknown[] = [];
  let stretchStart = 0;
  for (let n = 0; n < total; n += 1) {
    stretch.push(parseJsonElement(text, found, n));
    if (n + 1 < total && found.bounds[2 * n + 1]! - stretchStart < STRETCH_CHARS) continue;
    const handed = await handOnItems(stretch, counted, onItems, logger);
    if (handed === false) return false;
    counted = handed;
    // Dropped before the event loop's turn, so the items handed on die young.
    stretch = [];
    stretchStart = found.bounds[2 * n + 2] ?? 0;
    // Between stretches the event loop takes its turn: a page is some milliseconds of work, during which the
    // answer of the page asked for ahead would wait unread in the socket (which holds the service's sending
    // up), and so would everything else the main process is asked.
    if (n + 1 < total) await yieldToEventLoop();
  }
  return true;
}

/**
 * The body as text, read whole up to `maxBytes`. Its own function so that the bytes are garbage once it returns:
 * only the text waits for the page's turn.
 */
async function bodyText(
  response: Response,
  maxBytes: number,
  logger: Logger | undefined,
  signal: AbortSignal | undefined,
): Promise<string> {
  try {
    const tooLarge = tooLargeOver(maxBytes, logger);
    const bytes = await readBytesUpTo(response, maxBytes, () => new ReaderFailure(tooLarge()), signal);
    return new TextDecoder().decode(bytes);
  } catch (error) {
    // A stop is the caller's own: it goes back to it as it is, not as a lost answer.
    if (signal?.aborted && !(error instanceof ReaderFailure)) throw new ReaderFailure(signal.reason);
    throw error;
  }
}

/**
 * Reads a transactions answer whole, then hands its items on a stretch at a time, each parsed and checked as
 * its stretch comes and dropped once handed on; an error answer (anything but 2xx) is small and read whole.
 *
 * Why whole first: the envelope, the count of items and the page's totals are known before any item is handed
 * on, so the caller acts only on an answer that says it is a page (an item off the contract is still found only
 * as it is parsed); and the body waits as one string, which the young generation does not copy, while items
 * parsed as they are handed on die young. The history export used to gather a page's parsed
 * items before writing any (so that it could ask for the next page meanwhile), which promoted every record of
 * every page to the old generation. The body is bounded as a page read whole (maxTransactionsAnswerBytes), each
 * item and the envelope as the splitter's limits say.
 */
export function readTransactionItems(
  request: TransactionsRequest,
  onItems: OnItems,
  logger: Logger | undefined,
  options: TransactionItemsOptions = {},
): AnswerReader {
  const maxBytes = maxTransactionsAnswerBytes(request.recordsPerPage);
  return async (response: Response): Promise<ServiceAnswer> => {
    if (!response.ok || !response.body) return readWhole(response);
    const text = await bodyText(response, maxBytes, logger, options.signal);
    try {
      const found = findJsonItems(text, {
        path: ['data', 'items'],
        maxItemChars: MAX_ITEM_CHARS,
        maxRestChars: MAX_ENVELOPE_CHARS,
        // One more than asked for is enough to tell that a page holds more than it may.
        maxElements: request.recordsPerPage + 1,
      });
      const answer = answerOf(response, found.rest);
      // An error in the envelope: the client says what it means, and nothing of it is handed on.
      if (answer.envelope?.code !== 200) return answer;
      // A success without its items array is no page: it must not read as an empty one.
      if (!found.found) return answerOf(response, null);
      // More items than asked for is no page of this request; it would also let a page grow without end.
      if (found.bounds.length / 2 > request.recordsPerPage) {
        logger?.warn('interface A answer does not match the contract', {
          path: '/transactions',
          issues: [`items: more than the ${request.recordsPerPage} asked for`],
        });
        throw unreadableLogged();
      }
      // Totals off the contract: the client refuses the answer in its own words, before anything is handed on.
      const head = envelopeOf(TransactionsHead).safeParse(found.rest);
      if (!head.success) return answer;
      if (options.onArrived) {
        const arrived = { items: found.bounds.length / 2, totalPages: head.data.data.totalPages };
        await options.onArrived(arrived).catch((error: unknown) => {
          throw new ReaderFailure(error);
        });
      }
      if (!(await handOnAll(text, found, onItems, logger))) throw unreadableLogged();
      return answer;
    } catch (error) {
      if (!(error instanceof JsonSplitError)) throw error;
      // Field paths and sizes only: the text may hold personal data.
      logger?.warn('interface A answer could not be read', { path: '/transactions', reason: error.message });
      if (error.problem === 'too_large') throw new ReaderFailure(pageTooLarge());
      throw unreadableLogged();
    }
  };
}
