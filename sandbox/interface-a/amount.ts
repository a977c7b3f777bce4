import type { AssetDef } from '../data/assets';
import { Dec } from '../data/money';
import { errors } from './envelope';

/**
 * A JSON number amount as an exact decimal. String(number) gives the shortest round-trip text, the same
 * digits the client wrote, so 0.1 stays 0.1. More decimals than the asset has are refused (README).
 */
export function parseAmount(value: number, asset: AssetDef | undefined): Dec {
  if (!Number.isFinite(value) || value <= 0) throw errors.invalidAmount();
  const amount = new Dec(String(value));
  if (asset && amount.decimalPlaces() > asset.decimals) throw errors.invalidAmount();
  return amount;
}
