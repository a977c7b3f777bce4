import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExportProgress } from '../../../../../src-preload/contract/history';
import { AppError } from '../../../../../src-main/app-error';
import { createHistoryExports } from '../../../../../src-main/features/history';
import { fetchWithRetry, type RetryNotice } from '../../../../../src-main/features/history/fetch-with-retry';
import type { SessionService } from '../../../../../src-main/features/session';
import { setMainLanguage, t } from '../../../../../src-main/i18n/main-text';
import { createRecordingLogger } from '../../../support/recording-logger';

/** What an export tells the window while it retries a page and when it fails: in the chosen language. */

afterEach(() => setMainLanguage('en', ['en-US']));

const quickPolicy = { maxAttempts: 2, maxRateLimitWaits: 1, baseDelayMs: 1, maxDelayMs: 1 };

describe('a page that failed and is tried again', () => {
  it.each([
    ['en', 'The service could not be reached. Check your connection and try again. Retrying in 1 s.'],
    [
      'de',
      'Der Dienst ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut. Neuer Versuch in 1 s.',
    ],
    ['tr', 'Hizmete ulaşılamadı. Bağlantınızı kontrol edip yeniden deneyin. 1 sn sonra yeniden denenecek.'],
  ] as const)('%s: says so in one language', async (language, expected) => {
    setMainLanguage(language, [language]);
    const notices: RetryNotice[] = [];
    let calls = 0;
    const read = async (): Promise<string> => {
      calls += 1;
      if (calls === 1) throw new AppError('network', t('mainService.a.unreachable'));
      return 'page';
    };
    await expect(fetchWithRetry(read, { policy: quickPolicy, onRetry: (n) => notices.push(n) })).resolves.toBe('page');
    expect(notices.map((notice) => notice.message)).toEqual([expected]);
  });
});

describe('an export that fails', () => {
  it.each([
    ['en', 'You do not have permission for this. No file was saved.'],
    ['de', 'Dafür haben Sie keine Berechtigung. Es wurde keine Datei gespeichert.'],
    ['tr', 'Bunun için yetkiniz yok. Hiçbir dosya kaydedilmedi.'],
  ] as const)('%s: says that no file was saved in the same language', async (language, expected) => {
    setMainLanguage(language, [language]);
    const dir = await mkdtemp(join(tmpdir(), 'export-words-'));
    const session = {
      onChange: () => () => undefined,
      activeAccount: () => ({ guid: 'account-1' }),
      activeUser: () => ({ userGuid: 'user-1' }),
      interfaceA: () => ({
        streamTransactions: async () => {
          throw new AppError('forbidden', t('mainService.a.forbidden'));
        },
      }),
    } as unknown as SessionService;
    const events: ExportProgress[] = [];
    const exports = createHistoryExports({
      session,
      logger: createRecordingLogger(),
      publish: (progress) => events.push(progress),
      chooseSaveFile: async () => join(dir, 'history.csv'),
    });
    const id = await exports.start({ filters: {} });
    if (id === null) throw new Error('the export did not start');
    await exports.settled(id);
    expect(events.at(-1)).toMatchObject({ state: 'failed', message: expected });
    expect(await readdir(dir)).toEqual([]);
  });
});
