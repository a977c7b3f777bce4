import { z } from 'zod';
import { assetCodes, type AssetNetwork } from './asset-table';
import { issueId } from '../input-issues';

export * from './asset-table';

export const AssetCode = z.enum(assetCodes as unknown as [AssetNetwork['code'], ...AssetNetwork['code'][]]);
export type AssetCode = z.infer<typeof AssetCode>;

/**
 * A symbol as the service's own lists name it (a wallet's `symbol`): the app's table is known facts, not the
 * limit, so money moves of Interface A take any symbol of this shape and main checks it against the wallets.
 */
export const ServiceSymbol = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/, issueId('inputIssues.assetSymbol'));
export type ServiceSymbol = z.infer<typeof ServiceSymbol>;
