import { createHash } from 'node:crypto';

/** The event of spec 6 before it is signed. */
export interface DepositEventFields {
  Address: string;
  UniqueId: string;
  Amount: number;
  Symbol: string;
  ReferenceId: string;
  Price: { USD: number; GBP: number; EUR: number; TRY: number; JPY: number };
  OrderId: number;
}

export interface DepositEvent extends DepositEventFields {
  Signature: string;
  Hash: string;
}

/**
 * The spec leaves the Hash digest open. Ours: uppercase hex SHA-256 of
 * Address|UniqueId|String(Amount)|Symbol|ReferenceId|String(OrderId), so a receiver may bind the fields
 * to the signature; the app must rely only on the Signature rule, which is the spec's.
 */
export function depositEventHash(e: DepositEventFields): string {
  const text = [e.Address, e.UniqueId, String(e.Amount), e.Symbol, e.ReferenceId, String(e.OrderId)].join('|');
  return createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase();
}

/** Spec 6 rule 1: uppercase hex MD5 of the secret key followed by the Hash value. */
export function depositEventSignature(secretKey: string, hash: string): string {
  return createHash('md5').update(`${secretKey}${hash}`, 'utf8').digest('hex').toUpperCase();
}

export function signDepositEvent(fields: DepositEventFields, secretKey: string): DepositEvent {
  const hash = depositEventHash(fields);
  return {
    Address: fields.Address,
    UniqueId: fields.UniqueId,
    Amount: fields.Amount,
    Symbol: fields.Symbol,
    ReferenceId: fields.ReferenceId,
    Price: fields.Price,
    Signature: depositEventSignature(secretKey, hash),
    OrderId: fields.OrderId,
    Hash: hash,
  };
}
