import { KEYCHAIN_SERVICE, type SecretStore } from './secret-store';

/** The part of keytar the app uses, so tests can hand in a failing one. */
export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** Loads keytar lazily: a missing native binding or libsecret must mean "no keychain", not a crash. */
export async function loadKeytar(): Promise<KeytarApi> {
  const module = (await import('keytar')) as KeytarApi & { default?: KeytarApi };
  return module.default ?? module;
}

/** Secrets filed in the OS keychain (Secret Service, Keychain, Credential Manager) under one service name. */
export function createKeytarStore(keytar: KeytarApi, service: string = KEYCHAIN_SERVICE): SecretStore {
  return {
    kind: 'keychain',
    get: (account) => keytar.getPassword(service, account),
    set: (account, secret) => keytar.setPassword(service, account, secret),
    delete: (account) => keytar.deletePassword(service, account),
  };
}
