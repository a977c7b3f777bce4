import type { Logger } from '../logging/logger';
import { t } from '../i18n/main-text';
import { AppError } from '../app-error';
import {
  answerOf,
  readBytesUpTo,
  ReaderFailure,
  readWhole,
  readWholeUpTo,
  type AnswerReader,
  type ServiceAnswer,
} from './http-call';
import { TransactionItem, type TransactionsRequest } from './interface-a-schemas';
import { checkedTransactionItem } from './transaction-item-check';
import {
  checkJsonItemsLayout,
  createJsonItemsSplitter,
  JsonSplitError,
  type JsonItemsSplit,
  type JsonItemsSplitterOptions,
} from './json-items-splitter';

/**
 * The most one transactions item and one transactions answer without its items may take, in characters.
 * The spec sets no limit on either (8); an item is some 500 characters and the envelope under 300, so these
 * leave generous room for long labels and messages while a hostile or broken service cannot make a page
 * hold unbounded memory.
 */
export const MAX_ITEM_CHARS = 256 * 1024;
export const MAX_ENVELOPE_CHARS = 64 * 1024;

/** Where a page's items are and how large its parts may be, for a page streamed or read whole alike. */
const PAGE_LAYOUT: JsonItemsSplitterOptions = {
  path: ['data', 'items'],
  maxItemChars: MAX_ITEM_CHARS,
  maxRestChars: MAX_ENVELOPE_CHARS,
};

/**
 * The most bytes a transactions answer read whole (getTransactions) may have: as many items of the largest
 * size as were asked for, and the envelope. Counted in bytes, which are never fewer than the characters
 * they encode, so this is no looser than the limits above. The count of items is not checked there: the
 * spec leaves the largest page and whether a service keeps to recordsPerPage open (4.1, 8), so a service
 * that sends a few more small items is read, while one that sends more than this is refused, unread.
 */
export function maxTransactionsAnswerBytes(recordsPerPage: number): number {
  return recordsPerPage * MAX_ITEM_CHARS + MAX_ENVELOPE_CHARS;
}

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
 * A page whose length the service declares, uncompressed, at no more than this is read whole and parsed
 * with one JSON.parse: a page of 500 items is a few hundred kilobytes, and cutting it item by item cost more
 * than parsing it (every item's text copied out, then parsed on its own). Such a page is held whole: its
 * bytes, their text and the parsed items, several times this bound at worst, where a stream holds one item
 * and the envelope. Its text is first checked against the same item and envelope limits and the same
 * layout as a stream's (checkJsonItemsLayout), so a hostile service gets the same verdict whichever way it
 * sends a page (docs/security.md). A longer page, or one of unknown length, is streamed.
 */
export const WHOLE_PAGE_BYTES = 1024 * 1024;

/** Whether the answer declares an uncompressed body of at most `maxBytes` (then no more can arrive). */
function declaredWithin(response: Response, maxBytes: number): boolean {
  const encoding = response.headers.get('content-encoding');
  if (encoding !== null && encoding.trim().toLowerCase() !== 'identity') return false;
  const length = response.headers.get('content-length')?.trim();
  return length !== undefined && /^\d{1,10}$/.test(length) && Number(length) <= maxBytes;
}

function tooLargePage(): ReaderFailure {
  return new ReaderFailure(new AppError('service_error', t('mainService.a.pageTooLarge')));
}

/** The items array at data.items, taken out of the parsed answer (left empty there, as the splitter leaves it). */
function takeItems(json: unknown): unknown[] | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const data = (json as Record<string, unknown>).data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const items = (data as Record<string, unknown>).items;
  if (!Array.isArray(items)) return null;
  (data as Record<string, unknown>).items = [];
  return items as unknown[];
}

/** What the splitter refuses is refused alike on either path: sizes and field paths logged, never the text. */
function splitRefusal(error: JsonSplitError, response: Response, logger: Logger | undefined): ServiceAnswer {
  logger?.warn('interface A answer could not be read', { path: '/transactions', reason: error.message });
  if (error.problem === 'too_large') throw tooLargePage();
  return answerOf(response, null);
}

/** A page read whole (its declared length within WHOLE_PAGE_BYTES): parsed once, its items checked and handed on. */
async function readPageWhole(
  response: Response,
  request: TransactionsRequest,
  onItems: OnItems,
  logger: Logger | undefined,
): Promise<ServiceAnswer> {
  const bytes = await readBytesUpTo(response, WHOLE_PAGE_BYTES, tooLargePage);
  const text = new TextDecoder().decode(bytes);
  try {
    checkJsonItemsLayout(text, PAGE_LAYOUT);
  } catch (error) {
    if (!(error instanceof JsonSplitError)) throw error;
    return splitRefusal(error, response, logger);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the text, which may hold personal data: only say what failed.
    logger?.warn('interface A answer could not be read', {
      path: '/transactions',
      reason: 'the document is not valid JSON',
    });
    return answerOf(response, null);
  }
  const items = takeItems(json);
  if (items !== null && (await handOnItems(items, 0, request, onItems, logger)) === false) {
    return answerOf(response, null);
  }
  const answer = answerOf(response, json);
  // A success without its items array is no page: it must not read as an empty one.
  if (answer.envelope?.code === 200 && items === null) return answerOf(response, null);
  return answer;
}

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
 * and the page totals are read at the end. An error answer (anything but 2xx) is small and read whole, and so
 * is a page whose declared length is within WHOLE_PAGE_BYTES. Nothing the service sends can make this hold more
 * than one item and the envelope (see the limits above), or that whole page.
 */
export function readTransactionItems(
  request: TransactionsRequest,
  onItems: OnItems,
  logger: Logger | undefined,
): AnswerReader {
  return async (response: Response): Promise<ServiceAnswer> => {
    if (!response.ok || !response.body) return readWhole(response);
    if (declaredWithin(response, WHOLE_PAGE_BYTES)) return readPageWhole(response, request, onItems, logger);
    const splitter = createJsonItemsSplitter(PAGE_LAYOUT);
    const decoder = new TextDecoder();
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
        if (!(await handOn(splitter.push(decoder.decode(chunk.value, { stream: true }))))) {
          return answerOf(response, null);
        }
      }
      if (!(await handOn(splitter.push(decoder.decode())))) return answerOf(response, null);
      split = splitter.end();
    } catch (error) {
      if (!(error instanceof JsonSplitError)) throw error;
      return splitRefusal(error, response, logger);
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
