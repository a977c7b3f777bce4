import type Router from '@koa/router';
import { z } from 'zod';
import { findAsset } from '../../data/assets';
import { ORDER_BY_FIELDS } from '../../data/history-book';
import { parseBody, requireAccount, type InterfaceADeps } from '../context';
import { endpoint, RawJson } from '../endpoint';
import { errors } from '../envelope';
import { transactionItemJson } from '../views';

/** Largest page POST /transactions serves (README). */
export const MAX_RECORDS_PER_PAGE = 500;

const TransactionsBody = z.object({
  page: z.number().int().min(1),
  recordsPerPage: z.number().int().min(1).max(MAX_RECORDS_PER_PAGE),
  filter: z.string().max(200).optional(),
  orderBy: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(ORDER_BY_FIELDS))
    .optional(),
  sortOrder: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(['asc', 'desc']))
    .optional(),
  symbols: z.array(z.string()).optional(),
  withdrawTypes: z.array(z.number().int()).optional(),
  hideLowAmounts: z.boolean().optional(),
});

/** POST /transactions (spec 4.1 #12). */
export function mountTransactionRoutes(router: Router, deps: InterfaceADeps): void {
  router.post(
    '/transactions',
    endpoint(deps, { anyScope: ['transaction:read'], needsAccount: true }, async (call) => {
      const { account } = requireAccount(call);
      const body = await parseBody(call.ctx, TransactionsBody);
      const symbols = body.symbols?.map((s) => {
        const asset = findAsset(s);
        if (!asset) throw errors.invalidSymbol();
        return asset.symbol;
      });
      if (deps.faults.takeEmptyHistory()) {
        return { totalRecords: 0, totalPages: 0, page: body.page, recordsPerPage: body.recordsPerPage, items: [] };
      }
      const page = account.history.query({
        page: body.page,
        recordsPerPage: body.recordsPerPage,
        filter: body.filter,
        orderBy: body.orderBy ?? 'date',
        sortOrder: body.sortOrder ?? 'desc',
        symbols,
        withdrawTypes: body.withdrawTypes,
        hideLowAmounts: body.hideLowAmounts,
      });
      const head = JSON.stringify({
        totalRecords: page.totalRecords,
        totalPages: page.totalPages,
        page: page.page,
        recordsPerPage: page.recordsPerPage,
      });
      return new RawJson(`${head.slice(0, -1)},"items":[${page.items.map(transactionItemJson).join(',')}]}`);
    }),
  );
}
