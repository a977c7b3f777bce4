import { z } from 'zod';
import { assetCodes, type AssetNetwork } from './asset-table';

export * from './asset-table';

export const AssetCode = z.enum(assetCodes as unknown as [AssetNetwork['code'], ...AssetNetwork['code'][]]);
export type AssetCode = z.infer<typeof AssetCode>;
