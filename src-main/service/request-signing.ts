import { createPrivateKey, createPublicKey, generateKeyPair, sign, verify, type KeyObject } from 'node:crypto';
import { t } from '../i18n/main-text';
import { promisify } from 'node:util';
import { AppError } from '../app-error';

const generateRsaPair = promisify(generateKeyPair);

/**
 * Optional Interface B request signing as the vendor's JavaScript SDK (v1.0.2) does it: the `X-Signature`
 * header carries an RSA PKCS#1 v1.5 signature with SHA-512 ("RS512") over the exact JSON text of the
 * request body (UTF-8), base64-encoded. Nothing else (path, headers, time) is signed, so the body sent must
 * be byte for byte the text that was signed: the client signs the string it then sends.
 */
export const SIGNATURE_HEADER = 'X-Signature';

/** RSA keys below this size are refused: 2048 bits is the floor NIST SP 800-57 sets for RSA today. */
export const MIN_SIGNING_KEY_BITS = 2048;
/**
 * Every request is signed on main's thread: a 16384-bit key costs about half a second per signature there and
 * freezes the window, while nothing above 4096 bits is asked for by the service or by NIST for RSA today.
 */
export const MAX_SIGNING_KEY_BITS = 4096;
/** Large enough for a 16384-bit key in PEM, small enough that pasting something else is caught early. */
export const MAX_SIGNING_KEY_PEM_CHARS = 16_384;

export function signRequestBody(privateKeyPem: string, body: string): string {
  return sign('sha512', Buffer.from(body, 'utf8'), privateKeyPem).toString('base64');
}

/** True only when `signature` is the base64 RS512 signature of exactly `body` under `publicKeyPem`. */
export function verifyRequestBody(publicKeyPem: string, body: string, signature: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify('sha512', Buffer.from(body, 'utf8'), publicKeyPem, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

export interface SigningKeyPair {
  /** PKCS#8 PEM: goes to the keychain only. */
  readonly privateKeyPem: string;
  /** SPKI PEM: what the merchant registers with the service. */
  readonly publicKeyPem: string;
}

/** Off the main thread's critical path: a 3072-bit key takes long enough to freeze a window. */
export async function generateSigningKeyPair(bits = 3072): Promise<SigningKeyPair> {
  const { privateKey, publicKey } = await generateRsaPair('rsa', { modulusLength: bits });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/**
 * A pasted private key, checked and normalised to PKCS#8 PEM with its public half. Every refusal says what
 * is wrong in words and never repeats any of the pasted text (it is a private key, or part of one).
 */
export function importSigningKey(text: string): SigningKeyPair {
  const trimmed = text.trim();
  if (trimmed.length > MAX_SIGNING_KEY_PEM_CHARS)
    throw new AppError('bad_input', t('mainService.key.tooLong'), { field: 'privateKey' });
  if (!/^-----BEGIN (RSA |ENCRYPTED )?PRIVATE KEY-----/.test(trimmed)) {
    const publicPem = /^-----BEGIN (RSA )?PUBLIC KEY-----/.test(trimmed);
    throw new AppError('bad_input', publicPem ? t('mainService.key.isPublic') : t('mainService.key.notPem'), {
      field: 'privateKey',
    });
  }
  if (trimmed.startsWith('-----BEGIN ENCRYPTED PRIVATE KEY-----'))
    throw new AppError('bad_input', t('mainService.key.passphrase'), {
      field: 'privateKey',
    });
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: trimmed, format: 'pem' });
  } catch {
    throw new AppError('bad_input', t('mainService.key.damaged'), {
      field: 'privateKey',
    });
  }
  if (key.asymmetricKeyType !== 'rsa')
    throw new AppError(
      'bad_input',
      t('mainService.key.notRsa', { kind: key.asymmetricKeyType?.toUpperCase() ?? 'unknown' }),
      { field: 'privateKey' },
    );
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_SIGNING_KEY_BITS)
    throw new AppError(
      'bad_input',
      t('mainService.key.tooFewBits', { bits: String(bits), least: String(MIN_SIGNING_KEY_BITS) }),
      { field: 'privateKey' },
    );
  if (bits > MAX_SIGNING_KEY_BITS)
    throw new AppError(
      'bad_input',
      t('mainService.key.tooManyBits', { bits: String(bits), most: String(MAX_SIGNING_KEY_BITS) }),
      { field: 'privateKey' },
    );
  return {
    privateKeyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The public half of a stored private key, for showing again; null when the stored text is unreadable. */
export function publicKeyOf(privateKeyPem: string): string | null {
  try {
    return createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
  } catch {
    return null;
  }
}
