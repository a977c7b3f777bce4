/** The keychain did not answer in time (a hung Secret Service, an unlock prompt nobody sees). */
export class KeychainDeadlineError extends Error {
  constructor(operation: string, ms: number) {
    super(`the keychain did not answer ${operation} within ${ms} ms`);
    this.name = 'KeychainDeadlineError';
  }
}

/**
 * Settles with `work`, or rejects with KeychainDeadlineError after `ms`. The work itself cannot be
 * cancelled (keytar has no cancel); whatever it does later is ignored by the caller.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, operation: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new KeychainDeadlineError(operation, ms)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
