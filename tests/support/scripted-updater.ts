import type { UpdaterEvent, UpdaterPort } from '../../src-main/features/updates';

/** An updater whose server answers are scripted per test; it records what the feature asked of it. */
export class ScriptedUpdater implements UpdaterPort {
  checks = 0;
  downloads = 0;
  installOnQuit: boolean | null = null;
  /** What the next check finds: a version, nothing, or a failure. */
  next: { found: string } | 'nothing' | { fails: string } = 'nothing';
  /** Resolves a download the test holds open; null lets downloads finish at once. */
  private finishDownload: (() => void) | null = null;
  holdDownloads = false;
  downloadFails: string | null = null;
  private readonly listeners = new Set<(event: UpdaterEvent) => void>();

  subscribe(listener: (event: UpdaterEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(event: UpdaterEvent): void {
    for (const listener of this.listeners) listener(event);
  }
  async check(): Promise<void> {
    this.checks += 1;
    this.emit({ type: 'checking' });
    await Promise.resolve();
    const next = this.next;
    if (next === 'nothing') this.emit({ type: 'not-available' });
    else if ('found' in next) this.emit({ type: 'available', version: next.found });
    else {
      // electron-updater both emits 'error' and rejects.
      this.emit({ type: 'error', message: next.fails });
      throw new Error(next.fails);
    }
  }
  async download(): Promise<void> {
    this.downloads += 1;
    const version = this.next !== 'nothing' && 'found' in this.next ? this.next.found : '?';
    if (this.holdDownloads) await new Promise<void>((resolve) => (this.finishDownload = resolve));
    if (this.downloadFails) {
      this.emit({ type: 'error', message: this.downloadFails });
      throw new Error(this.downloadFails);
    }
    this.emit({ type: 'progress', percent: 100 });
    this.emit({ type: 'downloaded', version });
  }
  releaseDownload(): void {
    this.finishDownload?.();
  }
  setInstallOnQuit(enabled: boolean): void {
    this.installOnQuit = enabled;
  }
}
