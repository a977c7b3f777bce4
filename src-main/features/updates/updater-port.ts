/**
 * What the update feature needs from an updater, so it runs without Electron: the app gives it
 * electron-updater (src-main/shell/electron-updater-port.ts), tests give it a scripted fake.
 */
export type UpdaterEvent =
  | { readonly type: 'checking' }
  | { readonly type: 'available'; readonly version: string }
  | { readonly type: 'not-available' }
  | { readonly type: 'progress'; readonly percent: number }
  | { readonly type: 'downloaded'; readonly version: string }
  | { readonly type: 'error'; readonly message: string };

export interface UpdaterPort {
  /** Fetches the update metadata; the outcome arrives as events (and a rejection on failure). */
  check(): Promise<void>;
  /** Downloads the update the last check found; resolves once it is downloaded and verified. */
  download(): Promise<void>;
  /** Whether the downloaded update installs when the app quits. Off until the user agrees. */
  setInstallOnQuit(enabled: boolean): void;
  subscribe(listener: (event: UpdaterEvent) => void): () => void;
}

/** Either an updater wired to this build's update server, or the reason there is none. */
export type UpdaterAvailability =
  { readonly configured: true; readonly port: UpdaterPort } | { readonly configured: false; readonly reason: string };
