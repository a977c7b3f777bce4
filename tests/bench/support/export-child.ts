/**
 * What every export bench child does before it measures: read its job from stdin (the token never touches
 * argv, env or disk), take the app's V8 heap settings, and warm an Interface A client and main's message
 * formatter as the app's main process has before anyone exports, so first-call compilation (zod, fetch) is not counted as export memory.
 */
import { z } from 'zod';
import { createInterfaceAClient, type InterfaceAClient } from '../../../src-main/service/interface-a';
import { t } from '../../../src-main/i18n/main-text';
import { favourMemoryOverSpeed } from '../../../src-main/v8-memory';

export const ExportJob = z.object({ baseUrl: z.string(), accessToken: z.string(), accountGuid: z.string() });

export async function readJob<T extends z.ZodType>(schema: T): Promise<z.infer<T>> {
  let text = '';
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) text += chunk.toString('utf8');
  return schema.parse(JSON.parse(text));
}

/** The app's heap settings (src-main/index.ts does this first thing) and a warmed client for the job. */
export async function preparedClient(job: z.infer<typeof ExportJob>): Promise<InterfaceAClient> {
  favourMemoryOverSpeed();
  const client = createInterfaceAClient({
    baseUrl: job.baseUrl,
    accountGuid: job.accountGuid,
    auth: {
      getAccessToken: async () => job.accessToken,
      refreshAfter401: async () => {
        throw new Error('the sandbox refused the bench token');
      },
    },
  });
  await client.getTransactions({ page: 1, recordsPerPage: 10 });
  // Main's message formatter is made at its first message (the menu's labels, long before anyone exports):
  // made here, not inside the timed export, where it cost some 15 ms of Intl set-up the app never pays there.
  t('mainHistory.csv.account');
  return client;
}
