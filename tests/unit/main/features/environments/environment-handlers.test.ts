import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../../src-main/app-error';
import { setMainLanguage } from '../../../../../src-main/i18n/main-text';
import { createEnvironmentHandlers } from '../../../../../src-main/features/environments';
import { openSettingsStore } from '../../../../../src-main/settings/settings-store';
import { createRecordingLogger } from '../../../support/recording-logger';

const production = { issuer: 'https://login.example.com', clientId: 'wallet-desk', baseUrl: 'https://api.example.com' };

async function setUp(status: 'signed-in' | 'signed-out' | 'locked') {
  const settings = await openSettingsStore(await mkdtemp(join(tmpdir(), 'wallet-desk-env-')));
  await settings.update((current) => ({ ...current, environments: { production } }));
  const session = {
    signOuts: 0,
    status: status as string,
    view() {
      return { status: this.status };
    },
    async signOut() {
      this.signOuts += 1;
      this.status = 'signed-out';
    },
  };
  const handlers = createEnvironmentHandlers({ settings, session, logger: createRecordingLogger() });
  return { settings, session, handlers };
}

async function refusal(run: () => unknown): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('environments.select', () => {
  it.each(['signed-in', 'locked'] as const)(
    'while %s, refuses to switch without the confirmation and changes nothing',
    async (status) => {
      const { settings, session, handlers } = await setUp(status);
      const error = await refusal(() => handlers['environments.select']({ id: 'production', signOutFirst: false }));
      expect(error.message).toBe('Switching to Production signs you out of Local sandbox first. Confirm to continue.');
      expect(settings.get().environment).toBe('local-sandbox');
      expect(session.signOuts).toBe(0);
    },
  );

  it('with the confirmation, signs out first and then switches', async () => {
    const { settings, session, handlers } = await setUp('signed-in');
    const order: string[] = [];
    const signOut = session.signOut.bind(session);
    session.signOut = async () => {
      order.push(`sign out while ${settings.get().environment}`);
      await signOut();
    };
    const view = await handlers['environments.select']({ id: 'production', signOutFirst: true });
    expect(order).toEqual(['sign out while local-sandbox']);
    expect(view.active).toBe('production');
    expect(settings.get().environment).toBe('production');
  });

  it('signed out, switches without signing out; an environment without addresses is refused in words', async () => {
    const { settings, session, handlers } = await setUp('signed-out');
    await handlers['environments.select']({ id: 'production', signOutFirst: false });
    expect(settings.get().environment).toBe('production');
    expect(session.signOuts).toBe(0);
    const error = await refusal(() => handlers['environments.select']({ id: 'custom', signOutFirst: true }));
    expect(error.message).toBe('Custom has no addresses yet. Enter and save them first.');
    expect(settings.get().environment).toBe('production');
  });

  it('refuses to save over the built-in local sandbox or a non-https address, saving nothing', async () => {
    const { settings, handlers } = await setUp('signed-out');
    const before = JSON.stringify(settings.get().environments);
    await refusal(() => handlers['environments.save']({ id: 'local-sandbox', ...production }));
    const error = await refusal(() =>
      handlers['environments.save']({ id: 'custom', ...production, issuer: 'http://login.example.com' }),
    );
    expect(error.field).toBe('issuer');
    expect(JSON.stringify(settings.get().environments)).toBe(before);
  });
});

describe('environment names in the chosen language', () => {
  afterEach(() => setMainLanguage('en', []));

  it.each([
    [
      'de',
      'Beim Wechsel zu Produktion werden Sie zuerst von Lokale Sandbox abgemeldet. Bestätigen Sie, um fortzufahren.',
    ],
    ['tr', 'Üretim ortamına geçmek önce Yerel sandbox oturumunuzu kapatır. Devam etmek için onaylayın.'],
  ] as const)('%s: the switch refusal names both environments from the catalogue', async (language, expected) => {
    setMainLanguage(language, []);
    const { handlers } = await setUp('signed-in');
    const error = await refusal(() => handlers['environments.select']({ id: 'production', signOutFirst: false }));
    expect(error.message).toBe(expected);
  });
});
