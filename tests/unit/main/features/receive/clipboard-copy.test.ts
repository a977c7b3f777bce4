import { describe, expect, it } from 'vitest';
import { copyAndVerify } from '../../../../../src-main/features/receive/clipboard-copy';
import { receiveOperations } from '../../../../../src-preload/contract/receive';

const ClipboardCopyInput = receiveOperations['clipboard.copy'].input;

const pem = '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\n-----END PUBLIC KEY-----\n';

describe('clipboard copy of a multi-line public key', () => {
  it('is verified when the system gives it back with CRLF line ends (Windows), not when it was swapped', async () => {
    const windows = {
      text: '',
      write: (t: string) => void (windows.text = t.replace(/\n/g, '\r\n')),
      read: () => windows.text,
    };
    expect(await copyAndVerify(windows, pem)).toEqual({ verified: true });
    const hijacked = { write: () => undefined, read: () => pem.replace('MIIB', 'MIIC') };
    expect(await copyAndVerify(hijacked, pem)).toEqual({ verified: false });
  });

  it('the bridge takes line feeds (PEM) but no other control character', () => {
    expect(ClipboardCopyInput.safeParse({ text: pem }).success).toBe(true);
    expect(ClipboardCopyInput.safeParse({ text: 'abc\r\ndef' }).success).toBe(false);
    expect(ClipboardCopyInput.safeParse({ text: 'abc\u202edef' }).success).toBe(false);
  });
});
