import { createHash } from 'node:crypto';
import { z } from 'zod';
import { EnvironmentId } from '../../../src-preload/contract/app';
import { PortfolioView } from '../../../src-preload/contract/portfolio';

/** The file: only the sealed text, so nothing in it is readable without the key. */
export const CacheFile = z.object({
  format: z.literal('wallet-desk-balances'),
  version: z.literal(1),
  sealed: z.string(),
});

/** What the sealed text holds: whose balances they are, and the balances. */
export const CacheRecord = z.object({
  environment: EnvironmentId,
  userGuid: z.string().min(1),
  accountGuid: z.string().min(1),
  view: PortfolioView,
});
export type CacheRecord = z.infer<typeof CacheRecord>;

/** The file name says nothing about whose it is, yet a record moved to another's name is caught. */
export function fileNameOf(owner: {
  readonly environment: EnvironmentId;
  readonly userGuid: string;
  readonly accountGuid: string;
}): string {
  const id = JSON.stringify([owner.environment, owner.userGuid, owner.accountGuid]);
  return `${createHash('sha256').update(id).digest('hex').slice(0, 32)}.json`;
}
