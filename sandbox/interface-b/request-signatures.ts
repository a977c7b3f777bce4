import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** The header the vendor's JavaScript SDK (v1.0.2) puts its RS512 request signature in. */
export const SIGNATURE_HEADER = 'x-signature';

/**
 * Optional RS512 request signatures (README "Request signing"): base64 RSA PKCS#1 v1.5 / SHA-512 over the
 * exact bytes of the request body, checked against public keys registered per merchant. Off by default,
 * so requests without the header work as before; when required, a request without a valid signature is
 * refused before anything else of it is looked at.
 */
export class RequestSignatures {
  #required: boolean;
  readonly #keys = new Map<string, KeyObject[]>();

  constructor(private readonly startRequired: boolean) {
    this.#required = startRequired;
  }

  get required(): boolean {
    return this.#required;
  }

  setRequired(required: boolean): void {
    this.#required = required;
  }

  /** Adds a public key (PEM, RSA, 2048 bits or more) for a merchant; throws a plain reason otherwise. */
  register(merchantPublicKey: string, publicKeyPem: string): number {
    let key: KeyObject;
    try {
      key = createPublicKey(publicKeyPem);
    } catch {
      throw new Error('publicKeyPem is not a readable public key');
    }
    if (key.asymmetricKeyType !== 'rsa') throw new Error('publicKeyPem is not an RSA key');
    if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) throw new Error('publicKeyPem has fewer than 2048 bits');
    const keys = this.#keys.get(merchantPublicKey) ?? [];
    keys.push(key);
    this.#keys.set(merchantPublicKey, keys);
    return keys.length;
  }

  registered(merchantPublicKey: string): number {
    return this.#keys.get(merchantPublicKey)?.length ?? 0;
  }

  /** True when signatures are not required, or this one is valid for the body under a registered key. */
  accepts(merchantPublicKey: string, body: Buffer, header: string): boolean {
    if (!this.#required) return true;
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(header)) return false;
    const signature = Buffer.from(header, 'base64');
    return (this.#keys.get(merchantPublicKey) ?? []).some((key) => {
      try {
        return verify('sha512', body, key, signature);
      } catch {
        return false;
      }
    });
  }

  reset(): void {
    this.#required = this.startRequired;
    this.#keys.clear();
  }
}
