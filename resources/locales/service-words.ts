import type { MessageId } from './catalogues';

/**
 * The service's own words for roles and transaction statuses, named in the user's language by main and the
 * renderer alike. Each process passes its own `t`, so the naming is one function in both. A value the app
 * does not know is shown as the service wrote it rather than hidden behind a guess.
 */
type Translate = (id: MessageId) => string;

/** Spec 5.1 names the roles that may move money; the sandbox also gives Viewer. */
const roleIds: ReadonlyMap<string, MessageId> = new Map<string, MessageId>([
  ['MerchantAdministrator', 'session.role.merchantAdministrator'],
  ['Agent', 'session.role.agent'],
  ['Viewer', 'session.role.viewer'],
]);

/** The spec lists only some status values; the others are shown as sent. */
const statusIds: ReadonlyMap<string, MessageId> = new Map<string, MessageId>([
  ['Completed', 'history.status.completed'],
  ['Pending', 'history.status.pending'],
]);

export function roleWordsWith(t: Translate, role: string): string {
  const id = roleIds.get(role);
  return id === undefined ? role : t(id);
}

export function statusWordsWith(t: Translate, status: string): string {
  const id = statusIds.get(status);
  return id === undefined ? status : t(id);
}
