import { z } from 'zod';

/**
 * Interface A resources of the transaction history (spec 2.2, 4.1 #12); not strict, as in
 * interface-a-schemas.ts. The client imports this module at its first such call.
 */

export const TransactionsRequest = z.object({
  page: z.number().int().min(1),
  recordsPerPage: z.number().int().min(1),
  filter: z.string().optional(),
  orderBy: z.string().optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  symbols: z.array(z.string()).optional(),
  withdrawTypes: z.array(z.number()).optional(),
  hideLowAmounts: z.boolean().optional(),
});
export type TransactionsRequest = z.infer<typeof TransactionsRequest>;

export const FiatPrices = z.object({
  usd: z.number(),
  eur: z.number(),
  gbp: z.number(),
  try: z.number(),
  jpy: z.number(),
});

export const TransactionItem = z.object({
  symbolId: z.number(),
  symbol: z.string(),
  symbolName: z.string(),
  displayName: z.string(),
  address: z.string(),
  txId: z.string().nullish(),
  amount: z.number(),
  status: z.string(),
  type: z.string(),
  date: z.string(),
  value: z.number(),
  referenceId: z.string(),
  label: z.string(),
  merchantTransactionId: z.string(),
  to: z.string().nullish(),
  withdrawType: z.number(),
  prices: FiatPrices,
  isAutoCollected: z.boolean(),
  /**
   * Not in spec 2.2's table ("further item fields ... are not shown"): read when the service sends it, in
   * the record's own asset, so an export can show the fee where the service gives one and leave it empty
   * otherwise.
   */
  fee: z.number().nonnegative().nullish(),
});
export type TransactionItem = z.infer<typeof TransactionItem>;

export const TransactionsResult = z.object({
  totalRecords: z.number(),
  totalPages: z.number(),
  page: z.number(),
  recordsPerPage: z.number(),
  items: z.array(TransactionItem),
});
export type TransactionsResult = z.infer<typeof TransactionsResult>;

/** A transactions answer without its items: what is left once they have been streamed. */
export const TransactionsHead = TransactionsResult.omit({ items: true });
export type TransactionsHead = z.infer<typeof TransactionsHead>;
