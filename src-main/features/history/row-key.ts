import { createHash } from 'node:crypto';
import type { TransactionItem } from '../../service/interface-a-schemas';

/**
 * The identity a local label hangs on. The spec gives no record id, and a reference id or txId alone may be
 * empty or shared (a swap's two legs), so the fields that tell records apart are hashed together; a fixed
 * length keeps settings.json keys small and free of service text.
 */
export function rowKeyOf(item: TransactionItem): string {
  const parts = [item.referenceId, item.txId ?? '', item.date, item.symbol, item.type, String(item.amount)];
  return createHash('sha256').update(parts.join('\u0000'), 'utf8').digest('hex').slice(0, 32);
}
