/**
 * The update cycle against a scripted updater: check on start and on demand, download in the background
 * when a newer version exists, install on quit only after the user agrees, and an unconfigured build that
 * says so instead of failing. Results go through the real dispatcher, so they also match the contract.
 */
import { describe, expect, it } from 'vitest';
import { UpdateView } from '../../../../../src-preload/contract/updates';
import { createDispatcher, type Handlers } from '../../../../../src-main/dispatch';
import { createUpdateHandlers, createUpdateService } from '../../../../../src-main/features/updates';
import { ScriptedUpdater } from '../../../../support/scripted-updater';
import { createRecordingLogger } from '../../../support/recording-logger';

function setUp(options: { configured?: boolean } = {}) {
  const updater = new ScriptedUpdater();
  const published: UpdateView[] = [];
  const logger = createRecordingLogger();
  const updates = createUpdateService({
    updater:
      options.configured === false
        ? { configured: false, reason: 'This build has no update server configured, so it does not check for updates.' }
        : { configured: true, port: updater },
    currentVersion: '1.2.0',
    logger,
    publish: (view) => published.push(UpdateView.parse(view)),
    now: () => new Date('2030-01-02T03:04:05.000Z'),
  });
  // Only the updates.* operations are called here; the others are never reached.
  const dispatch = createDispatcher(createUpdateHandlers({ updates }) as Handlers, logger);
  const call = async (operation: string, input?: unknown): Promise<UpdateView> => {
    const result = await dispatch(operation, input);
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return UpdateView.parse(result.value);
  };
  return { updater, updates, published, logger, call, dispatch };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('updates on start', () => {
  it('checks once at launch and says the version is current when the server has nothing newer', async () => {
    const { updater, updates, call } = setUp();
    updates.checkOnStart();
    await settle();
    expect(updater.checks).toBe(1);
    expect(await call('updates.get')).toMatchObject({
      status: 'up-to-date',
      currentVersion: '1.2.0',
      lastCheckedAt: '2030-01-02T03:04:05.000Z',
      availableVersion: null,
    });
  });

  it('downloads a newer version in the background, without installing it or asking anything yet', async () => {
    const { updater, updates, published } = setUp();
    updater.next = { found: '1.3.0' };
    updater.holdDownloads = true;
    updates.checkOnStart();
    await settle();
    expect(updates.view()).toMatchObject({ status: 'downloading', availableVersion: '1.3.0', downloadPercent: 0 });
    expect(updater.downloads).toBe(1);
    updater.emit({ type: 'progress', percent: 41.7 });
    expect(updates.view().downloadPercent).toBe(41);
    updater.releaseDownload();
    await settle();
    expect(updates.view()).toMatchObject({ status: 'ready', availableVersion: '1.3.0', installOnQuit: false });
    expect(updater.installOnQuit).toBeNull();
    // The renderer heard every step, in order.
    expect(published.map((view) => view.status)).toEqual(
      expect.arrayContaining(['checking', 'downloading', 'downloading', 'ready']),
    );
  });
});

describe('updates on demand (Settings › Check for updates)', () => {
  it('checks again when asked, and a check already under way is joined, not repeated', async () => {
    const { updater, call } = setUp();
    const [first, second] = await Promise.all([call('updates.check'), call('updates.check')]);
    expect(updater.checks).toBe(1);
    expect(first.status).toBe('up-to-date');
    expect(second.status).toBe('up-to-date');
    await call('updates.check');
    expect(updater.checks).toBe(2);
  });

  it('reports a failed check in words, keeps the app running, and a later check can succeed', async () => {
    const { updater, call, logger } = setUp();
    updater.next = { fails: 'net::ERR_NAME_NOT_RESOLVED\n<html>a whole error page</html>' };
    const failed = await call('updates.check');
    expect(failed).toMatchObject({
      status: 'error',
      message: 'Could not check for updates (net::ERR_NAME_NOT_RESOLVED).',
    });
    expect(failed.lastCheckedAt).not.toBeNull();
    expect(logger.entries.some((entry) => entry.level === 'warn')).toBe(true);
    updater.next = 'nothing';
    expect((await call('updates.check')).status).toBe('up-to-date');
  });

  it('says the download failed (a checksum or signature refused by electron-updater) and lets the user check again', async () => {
    const { updater, call } = setUp();
    updater.next = { found: '1.3.0' };
    updater.downloadFails = 'sha512 checksum mismatch';
    await call('updates.check');
    await settle();
    expect(await call('updates.get')).toMatchObject({
      status: 'error',
      message: 'Could not download the update (sha512 checksum mismatch).',
    });
    updater.downloadFails = null;
    await call('updates.check');
    await settle();
    expect((await call('updates.get')).status).toBe('ready');
  });

  it('does not check again once an update is downloading or downloaded', async () => {
    const { updater, call } = setUp();
    updater.next = { found: '1.3.0' };
    await call('updates.check');
    await settle();
    expect((await call('updates.check')).status).toBe('ready');
    expect(updater.checks).toBe(1);
  });
});

describe('install on quit', () => {
  it('happens only after the user agrees, and the user can take the agreement back', async () => {
    const { updater, call } = setUp();
    updater.next = { found: '1.3.0' };
    await call('updates.check');
    await settle();
    expect(updater.installOnQuit).toBeNull();
    expect(await call('updates.installOnQuit', { agreed: true })).toMatchObject({
      status: 'ready',
      installOnQuit: true,
    });
    expect(updater.installOnQuit).toBe(true);
    expect((await call('updates.installOnQuit', { agreed: false })).installOnQuit).toBe(false);
    expect(updater.installOnQuit).toBe(false);
  });

  it('is refused while nothing is downloaded, and its argument is checked by the contract', async () => {
    const { updater, dispatch } = setUp();
    const early = await dispatch('updates.installOnQuit', { agreed: true });
    expect(early).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const malformed = await dispatch('updates.installOnQuit', { agreed: 'yes' });
    expect(malformed).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    const extra = await dispatch('updates.installOnQuit', { agreed: true, now: true });
    expect(extra).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    expect(updater.installOnQuit).toBeNull();
  });
});

describe('a build without an update server', () => {
  it('says so, and checking is an answer, not a failure', async () => {
    const { updates, call, dispatch } = setUp({ configured: false });
    updates.checkOnStart();
    const view = await call('updates.check');
    expect(view).toMatchObject({
      status: 'unconfigured',
      message: 'This build has no update server configured, so it does not check for updates.',
      lastCheckedAt: null,
    });
    expect(await dispatch('updates.installOnQuit', { agreed: true })).toMatchObject({
      ok: false,
      error: { code: 'not_configured' },
    });
  });
});

describe('dispose', () => {
  it('stops listening to the updater', async () => {
    const { updater, updates, published } = setUp();
    updates.dispose();
    updater.emit({ type: 'available', version: '9.9.9' });
    expect(published).toEqual([]);
    expect(updates.view().status).toBe('idle');
  });
});
