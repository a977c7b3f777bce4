import { z } from 'zod';
import { operation } from './define';

/**
 * unconfigured: this build has no update server (or is not an installed build), and `message` says which.
 * ready: downloaded and verified by electron-updater; it installs when the app quits, once the user agrees.
 */
export const UpdateStatus = z.enum(['unconfigured', 'idle', 'checking', 'up-to-date', 'downloading', 'ready', 'error']);
export type UpdateStatus = z.infer<typeof UpdateStatus>;

export const UpdateView = z.object({
  status: UpdateStatus,
  currentVersion: z.string().max(100),
  /** The version being downloaded or ready to install. */
  availableVersion: z.string().max(100).nullable(),
  downloadPercent: z.number().int().min(0).max(100).nullable(),
  /** The user agreed to install the downloaded update when the app quits. */
  installOnQuit: z.boolean(),
  /** ISO 8601 time of the last check that finished, successfully or not. */
  lastCheckedAt: z.iso.datetime().nullable(),
  /** Why updates are unavailable, or what went wrong last, in words for the user. */
  message: z.string().max(300).nullable(),
});
export type UpdateView = z.infer<typeof UpdateView>;

export const updatesOperations = {
  'updates.get': operation(z.void(), UpdateView),
  /** Checks now; an update found downloads in the background. Resolves when the check has finished. */
  'updates.check': operation(z.void(), UpdateView),
  /** The user's answer to "install the downloaded update when Wallet Desk quits?". */
  'updates.installOnQuit': operation(z.object({ agreed: z.boolean() }).strict(), UpdateView),
} as const;

export const updatesEvents = {
  'updates.changed': UpdateView,
} as const;
