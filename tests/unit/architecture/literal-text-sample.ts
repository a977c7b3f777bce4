// A sample for no-literal-text.test.ts: texts for people, and what the scan rightly leaves alone.
declare const logger: { info(message: string): void };
export const samples = [
  'The service could not be reached, so this was not sent.',
  `Nothing ${'has'} moved.`,
  'wallet-desk.send.review',
  () => logger.info('Sign in finished in the browser.'),
  () => new Error('The bridge was called before it was ready.'),
  { meaning: 'Withdrawal amount too small', words: 'The amount is below what the network accepts.' },
  { header: ['Net Worth Amount', 'Sent Amount'] },
  (one: boolean) => `${one ? 'An earlier request' : 'Requests'} may have gone through.`,
  (reason: string) => `${reason} No file was saved.`,
];
export const kinds = { 3: 'Merchant API withdrawal' };
