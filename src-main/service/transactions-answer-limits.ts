// Apart from the reader (interface-a-transactions.ts), which the client loads at its first history call:
// the limits are named by the client's module, so they must not bring the reader into the launch.

/**
 * The most one transactions item and one transactions answer without its items may take, in characters.
 * The spec sets no limit on either (8); an item is some 500 characters and the envelope under 300, so these
 * leave generous room for long labels and messages while a hostile or broken service cannot make a page
 * hold unbounded memory.
 */
export const MAX_ITEM_CHARS = 256 * 1024;
export const MAX_ENVELOPE_CHARS = 64 * 1024;

/**
 * The most bytes a transactions answer may have, read whole for the History screen (getTransactions) or for
 * an export (streamTransactions, which reads the body whole before handing items on): as many items of the
 * largest size as were asked for, and the envelope. Counted in bytes, which are never fewer than the characters
 * they encode, so this is no looser than the limits above. getTransactions does not check the count of items:
 * the spec leaves the largest page and whether a service keeps to recordsPerPage open (4.1, 8), so a service
 * that sends a few more small items is read there (an export refuses them), while one that sends more than
 * this is refused, unread.
 */
export function maxTransactionsAnswerBytes(recordsPerPage: number): number {
  return recordsPerPage * MAX_ITEM_CHARS + MAX_ENVELOPE_CHARS;
}
