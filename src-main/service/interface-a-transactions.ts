import type { Logger } from '../logging/logger';
import { t } from '../i18n/main-text';
import { AppError } from '../app-error';
import { answerOf, ReaderFailure, readWhole, readWholeUpTo, type AnswerReader, type ServiceAnswer } from './http-call';
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
 * Reads a transactions answer as it arrives: each item is cut out of the text as soon as it is complete,
 * parsed and checked, and handed on with the others of its stretch of the body, then dropped; the envelope
 * and the page totals are read at the end. An error answer (anything but 2xx) is small and read whole.
 * Nothing the service sends can make this hold more than one item and the envelope (see the limits above).
 */
export function readTransactionItems(
  request: TransactionsRequest,
  onItems: OnItems,
  logger: Logger | undefined,
): AnswerReader {
  return async (response: Response): Promise<ServiceAnswer> => {
    if (!response.ok || !response.body) return readWhole(response);
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
    const reader = response.body.getReader();
    let split: JsonItemsSplit;
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        if (!(await handOn(splitter.push(text.next(chunk.value))))) {
          return answerOf(response, null);
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
    } finally {
      // Whatever is left unread (after a refusal or a failure) is dropped with the connection.
      await reader.cancel().catch(() => undefined);
    }
    const answer = answerOf(response, split.rest);
    // A success without its items array is no page: it must not read as an empty one.
    if (answer.envelope?.code === 200 && !split.found) return answerOf(response, null);
    return answer;
  };
}
