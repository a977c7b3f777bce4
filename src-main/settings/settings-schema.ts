import { z } from 'zod';
import { EnvironmentId, LanguagePreference, Preferences, Theme } from '../../src-preload/contract/app';
import { defaultMerchantSettings, MerchantSettings } from '../features/merchant/merchant-settings';
import { defaultHistorySettings, HistorySettings } from '../features/history/history-settings';
import { AddressBookSettings, defaultAddressBookSettings } from '../features/address-book/address-book-settings';
import { defaultHistoryLabels, HistoryLabels } from '../features/history/history-labels';
import { Endpoints } from './endpoints';
import { WindowState } from './window-state';

/**
 * settings.json in userData: non-secret settings only. Tokens and API secrets live in the OS keychain;
 * tests search this file for them.
 */
export const Settings = z.object({
  version: z.literal(1),
  environment: EnvironmentId,
  /** Endpoints for profiles that have no built-in ones (and overrides for those that do). */
  environments: z.partialRecord(EnvironmentId, Endpoints),
  /** The theme and the language are absent in older files: they follow the system. */
  preferences: Preferences.extend({ theme: Theme.default('system'), language: LanguagePreference.default('system') }),
  /** Last active account per signed-in user (user GUID → account GUID). */
  activeAccountByUser: z.record(z.string(), z.string()),
  /** History filters, sort and page size remembered per account GUID. Absent in older files. */
  history: HistorySettings.default(defaultHistorySettings),
  /** Each user's own labels on history records, per account. Absent in older files. */
  historyLabels: HistoryLabels.default(defaultHistoryLabels),
  /** Merchant API (Interface B): environment, public keys, pending verifications. Absent in older files. */
  merchant: MerchantSettings.default(defaultMerchantSettings),
  /**
   * Where earlier versions kept the moves whose outcome is unknown. They now live in their own file
   * (money-journal.json, security.md 35); this copy is kept as it is, unread, until the journal has taken it
   * in and cleared it, so no settings write can drop it first.
   */
  unresolvedIntents: z.unknown().optional(),
  /**
   * Environments the user signed out of explicitly: their next sign-in asks for the password again
   * (prompt=login), since the provider's session in the system browser outlives the app's tokens.
   * Absent in older files.
   */
  promptLoginNextSignIn: z.array(EnvironmentId).default(() => []),
  /** Named destinations per user GUID and account GUID. Absent in older files. */
  addressBook: AddressBookSettings.default(defaultAddressBookSettings),
  /** Deposit notifications per account GUID; off unless switched on. Absent in older files. */
  notifications: z
    .object({ depositsByAccount: z.record(z.string(), z.boolean()) })
    .default(() => ({ depositsByAccount: {} })),
  /** The main window's place when it last closed; absent until it has closed once. */
  window: WindowState.optional(),
});
export type Settings = z.infer<typeof Settings>;

export const defaultSettings: Settings = {
  version: 1,
  environment: 'local-sandbox',
  environments: {},
  preferences: { privacyMode: false, idleLockMinutes: 15, theme: 'system', language: 'system' },
  activeAccountByUser: {},
  history: defaultHistorySettings(),
  historyLabels: defaultHistoryLabels(),
  merchant: defaultMerchantSettings(),
  promptLoginNextSignIn: [],
  addressBook: defaultAddressBookSettings(),
  notifications: { depositsByAccount: {} },
};
