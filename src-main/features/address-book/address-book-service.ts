import { randomUUID } from 'node:crypto';
import { t, textLocale } from '../../i18n/main-text';
import { findAssetNetwork, networks } from '../../../src-preload/contract/assets';
import type { AddressBookEntry } from '../../../src-preload/contract/address-book';
import { AppError } from '../../app-error';
import type { Logger } from '../../logging/logger';
import type { SettingsStore } from '../../settings/settings-store';
import type { SessionService } from '../session';
import { requireValidAddress } from '../addresses/validate-address';
import type { StoredAddressBookEntry } from './address-book-settings';
import { savingSettings } from '../../settings/storage-failure';

export interface AddressBookDeps {
  readonly settings: SettingsStore;
  readonly session: Pick<SessionService, 'activeUser' | 'activeAccount'>;
  readonly logger: Logger;
  readonly now?: () => number;
}

export interface AddressBookSave {
  readonly id?: string | undefined;
  readonly name: string;
  readonly code: AddressBookEntry['code'];
  readonly address: string;
}

/** EVM case is a checksum, not a different address: the same account in any case is the same entry. */
function sameAddress(code: string, a: string, b: string): boolean {
  const entry = findAssetNetwork(code);
  return entry && networks[entry.network].kind === 'evm' ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** In the user's alphabet: Turkish puts Ç after C and Ş after S, which the process's default locale does not. */
const byName = (a: StoredAddressBookEntry, b: StoredAddressBookEntry) =>
  a.name.localeCompare(b.name, textLocale()) || a.code.localeCompare(b.code);

/**
 * Named destinations of the signed-in user in the active account, in settings.json. Every address is
 * checked for its network's format and checksum when saved (security.md 26), so picking one later can
 * never bring an address the check would refuse.
 */
export function createAddressBook(deps: AddressBookDeps) {
  const now = deps.now ?? Date.now;

  function owner(): { userGuid: string; accountGuid: string } {
    return { userGuid: deps.session.activeUser().userGuid, accountGuid: deps.session.activeAccount().guid };
  }

  function entriesOf(userGuid: string, accountGuid: string): StoredAddressBookEntry[] {
    return deps.settings.get().addressBook[userGuid]?.[accountGuid] ?? [];
  }

  async function write(userGuid: string, accountGuid: string, entries: StoredAddressBookEntry[]): Promise<void> {
    if (!deps.settings.writable) {
      // Kept for this run only, as every setting is while the file is unusable; the user is told at start.
      deps.logger.warn('address book changed in memory only: settings.json is not writable this run');
    }
    await savingSettings('address-book', () =>
      deps.settings.update((current) => ({
        ...current,
        addressBook: {
          ...current.addressBook,
          [userGuid]: { ...current.addressBook[userGuid], [accountGuid]: entries },
        },
      })),
    );
  }

  return {
    list(): AddressBookEntry[] {
      const { userGuid, accountGuid } = owner();
      return [...entriesOf(userGuid, accountGuid)].sort(byName);
    },

    async save(input: AddressBookSave): Promise<AddressBookEntry> {
      const { userGuid, accountGuid } = owner();
      const asset = findAssetNetwork(input.code);
      if (!asset) throw new AppError('invalid_symbol', t('mainFeatures.chooseAsset'), { field: 'code' });
      const address = await requireValidAddress(asset.network, input.address);
      const entries = entriesOf(userGuid, accountGuid);
      const existing = input.id === undefined ? undefined : entries.find((entry) => entry.id === input.id);
      if (input.id !== undefined && !existing) {
        throw new AppError('not_found', t('mainFeatures.entryGone'));
      }
      const others = entries.filter((entry) => entry.id !== input.id);
      const twin = others.find((entry) => entry.code === input.code && sameAddress(input.code, entry.address, address));
      if (twin) {
        throw new AppError('bad_input', t('mainFeatures.addressTwin', { name: twin.name }), {
          field: 'address',
        });
      }
      const namesake = others.find(
        (entry) => entry.name.toLocaleLowerCase(textLocale()) === input.name.toLocaleLowerCase(textLocale()),
      );
      if (namesake) {
        throw new AppError('bad_input', t('mainFeatures.nameTaken', { name: namesake.name }), {
          field: 'name',
        });
      }
      const at = new Date(now()).toISOString();
      const entry: StoredAddressBookEntry = {
        id: existing?.id ?? randomUUID(),
        name: input.name,
        code: input.code,
        network: networks[asset.network].name,
        address,
        createdAt: existing?.createdAt ?? at,
        updatedAt: at,
      };
      await write(userGuid, accountGuid, [...others, entry]);
      deps.logger.info(existing ? 'address book entry changed' : 'address book entry added', { asset: input.code });
      return entry;
    },

    async remove(id: string): Promise<{ removed: boolean }> {
      const { userGuid, accountGuid } = owner();
      const entries = entriesOf(userGuid, accountGuid);
      const rest = entries.filter((entry) => entry.id !== id);
      if (rest.length === entries.length) return { removed: false };
      await write(userGuid, accountGuid, rest);
      deps.logger.info('address book entry removed');
      return { removed: true };
    },

    /** The active account's entries for the look-alike check; none while nobody is signed in. */
    known(): { address: string; name: string }[] {
      try {
        const { userGuid, accountGuid } = owner();
        return entriesOf(userGuid, accountGuid).map((entry) => ({ address: entry.address, name: entry.name }));
      } catch {
        return [];
      }
    },
  };
}
export type AddressBook = ReturnType<typeof createAddressBook>;
