import type { Logger } from '../logging/logger';
import { t } from '../i18n/main-text';
import { AppError } from '../app-error';
import {
  answerOf,
  ReaderFailure,
  readPiecesUpTo,
  readWhole,
  readWholeUpTo,
  type AnswerReader,
  type ServiceAnswer,
} from './http-call';
import { TransactionItem, type TransactionsRequest } from './interface-a-transaction-schemas';
import { checkedTransactionItem } from './transaction-item-check';
import { createJsonItemsSplitter, JsonSplitError, type JsonItemsSplit } from './json-items-splitter';
import { MAX_ENVELOPE_CHARS, MAX_ITEM_CHARS, maxTransactionsAnswerBytes } from './transactions-answer-limits';
import { Utf8Pieces } from './utf8-pieces';

/**
 * Reads a transactions answer whole, up to the bytes `recordsPerPage` items may take. The page is held
 * whole (the History screen, deposit notices, the send and swap look-ups), so a hostile service must not be
 * able to make it any size it likes; error answers are bounded too.
 */
export function readTransactionsWhole(recordsPerPage: number, logger: Logger | undefined): AnswerReader {
  const maxBytes = maxTransactionsAnswerBytes(recordsPerPage);
  return readWholeUpTo(maxBytes, () => {
    // Sizes only: the text may hold personal data.
    logger?.warn('interface A answer could not be read', {
      path: '/transactions',
      reason: `the answer is over ${maxBytes} bytes`,
    });
    return new AppError('service_error', t('mainService.a.pageTooLarge'));
  });
}

type OnItems = (items: readonly TransactionItem[]) => Promise<void>;

/**
 * Items are parsed and handed on from at most this many bytes of body at a time (some 30 items), so few parsed
 * items are alive at once: pieces of 64 KiB as the network delivers them kept some 110, and each collection of
 * the young generation that came while they were written copied them.
 */
const STRETCH_BYTES = 16 * 1024;

/**
 * Checks one stretch of items and hands it on; false once one is off the contract (the rest of the answer
 * is not read). `counted` is how many items came before this stretch.
 */
async function handOnItems(
  values: readonly unknown[],
  counted: number,
  request: TransactionsRequest,
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
  // More items than asked for is no page of this request; it would also let a page grow without end.
  if (count > request.recordsPerPage) {
    logger?.warn('interface A answer does not match the contract', {
      path: '/transactions',
      issues: [`items: more than the ${request.recordsPerPage} asked for`],
    });
    return false;
  }
  await onItems(items).catch((error: unknown) => {
    throw new ReaderFailure(error);
  });
  return count;
}

/**
 * Reads a transactions answer whole, then hands its items on a stretch at a time: each stretch of the body as
 * it arrived is cut into items, each parsed and checked, and handed on, then dropped; the envelope and the
 * page totals are read at the end. An error answer (anything but 2xx) is small and read whole.
 *
 * Why whole first: the bytes wait off the JS heap, where holding them costs the collector nothing, while
 * items handed on as soon as they are parsed die young. The history export used to gather a page's parsed
 * items before writing any (so that it could ask for the next page meanwhile), which promoted every record of
 * every page to the old generation. `onArrived`, when given, is awaited once the whole body is here and before
 * any item is handed on: the export asks for the next page there, then waits for its turn to write. The bytes
 * are bounded as a page read whole (maxTransactionsAnswerBytes), one item and the envelope as below.
 */
export function readTransactionItems(
  request: TransactionsRequest,
  onItems: OnItems,
  logger: Logger | undefined,
  onArrived?: () => Promise<void>,
): AnswerReader {
  const maxBytes = maxTransactionsAnswerBytes(request.recordsPerPage);
  return async (response: Response): Promise<ServiceAnswer> => {
    if (!response.ok || !response.body) return readWhole(response);
    const { pieces } = await readPiecesUpTo(response, maxBytes, () => {
      // Sizes only: the text may hold personal data.
      logger?.warn('interface A answer could not be read', {
        path: '/transactions',
        reason: `the answer is over ${maxBytes} bytes`,
      });
      return new ReaderFailure(new AppError('service_error', t('mainService.a.pageTooLarge')));
    });
    if (onArrived) {
      await onArrived().catch((error: unknown) => {
        throw new ReaderFailure(error);
      });
    }
    const splitter = createJsonItemsSplitter({
      path: ['data', 'items'],
      maxItemChars: MAX_ITEM_CHARS,
      maxRestChars: MAX_ENVELOPE_CHARS,
    });
    const text = new Utf8Pieces();
    let count = 0;
    const handOn = async (values: readonly unknown[]): Promise<boolean> => {
      const counted = await handOnItems(values, count, request, onItems, logger);
      if (counted === false) return false;
      count = counted;
      return true;
    };
    let split: JsonItemsSplit;
    try {
      for (const piece of pieces) {
        for (let at = 0; at < piece.byteLength; at += STRETCH_BYTES) {
          const stretch = splitter.push(text.next(piece.subarray(at, at + STRETCH_BYTES)));
          if (!(await handOn(stretch))) return answerOf(response, null);
        }
      }
      if (!(await handOn(splitter.push(text.end())))) return answerOf(response, null);
      split = splitter.end();
    } catch (error) {
      if (!(error instanceof JsonSplitError)) throw error;
      // Field paths and sizes only: the text may hold personal data.
      logger?.warn('interface A answer could not be read', { path: '/transactions', reason: error.message });
      if (error.problem === 'too_large')
        throw new ReaderFailure(new AppError('service_error', t('mainService.a.pageTooLarge')));
      return answerOf(response, null);
    }
    const answer = answerOf(response, split.rest);
    // A success without its items array is no page: it must not read as an empty one.
    if (answer.envelope?.code === 200 && !split.found) return answerOf(response, null);
    return answer;
  };
}
