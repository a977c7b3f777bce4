import type { TestInfo } from '@playwright/test';

/**
 * What a group of stories shares (a file's top-level `test.describe`, or the whole file when it has
 * none): the stories of a group run in order in one worker and build on each other's state, as a user's
 * session does. Playwright has test and worker scopes only, so a worker fixture holds the current
 * group's resources and closes them when the worker moves on to the next group (or ends). After a
 * failed story Playwright starts a new worker, so the rest of the group starts from fresh resources.
 */
export class GroupScope {
  #group: string | undefined;
  readonly #entries = new Map<string, { readonly value: unknown; readonly dispose: () => Promise<void> }>();

  /** The group's `name` resource, made by `create` the first time a story of the group asks for it. */
  async get<T>(
    testInfo: TestInfo,
    name: string,
    create: () => Promise<T>,
    dispose: (value: T) => Promise<void>,
  ): Promise<T> {
    const group = groupOf(testInfo);
    if (group !== this.#group) {
      await this.close();
      this.#group = group;
    }
    const found = this.#entries.get(name);
    if (found) return found.value as T;
    const value = await create();
    this.#entries.set(name, { value, dispose: () => dispose(value) });
    return value;
  }

  /** Closes the group's resources, the last made first (an app before the sandbox it signed in to). */
  async close(): Promise<void> {
    const entries = [...this.#entries.values()].reverse();
    this.#entries.clear();
    this.#group = undefined;
    const failures: unknown[] = [];
    for (const entry of entries) {
      await entry.dispose().catch((error: unknown) => failures.push(error));
    }
    if (failures.length > 0) throw new AggregateError(failures, 'closing the previous group of stories failed');
  }
}

/**
 * Stories tagged with this (`test.describe(title, { tag: OWN_APP }, ...)`) each get a group of their own:
 * a fresh sandbox and signed-in app, so a story passes alone and in any order whatever the others did.
 */
export const OWN_APP = '@own-app';

/** The file and its top-level describe (the whole title path under OWN_APP); `titlePath` is [file, ...describes, title]. */
function groupOf(testInfo: TestInfo): string {
  if (testInfo.tags.includes(OWN_APP)) return testInfo.titlePath.join('\u0000');
  const [file, ...rest] = testInfo.titlePath;
  return rest.length > 1 ? `${file}\u0000${rest[0]}` : `${file}`;
}
