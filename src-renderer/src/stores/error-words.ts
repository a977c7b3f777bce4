import type { BridgeError } from '../../../src-preload/result';

/** "Invalid input for send.confirm: description: Remove line breaks…; amount: …" from the bridge's parser. */
const INVALID_INPUT = /^Invalid input for [\w.]+: /;

/**
 * A bridge error as the send and swap screens show it: main's words as they are, except the bridge's own
 * input check, which names the operation and the path of the field (for logs and tests, not people); that
 * becomes the first issue's words, attached to its field. Unknown operations are a programming error and
 * say so in plain words.
 */
export function inWords(error: BridgeError): BridgeError {
  if (error.code === 'unknown_operation') {
    return { code: error.code, message: 'Something went wrong in the app. Please try again.' };
  }
  if (error.code !== 'bad_input' || !INVALID_INPUT.test(error.message)) return error;
  const first = error.message.replace(INVALID_INPUT, '').split('; ')[0] ?? '';
  const match = /^([\w.]+): (.+)$/.exec(first);
  const message = (match?.[2] ?? first).trim();
  const field = match?.[1]?.split('.')[0];
  return {
    code: 'bad_input',
    message: message === '' ? 'Please check what you entered.' : message,
    ...(field ? { field } : {}),
  };
}
