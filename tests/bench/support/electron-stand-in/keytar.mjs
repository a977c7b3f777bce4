/**
 * The `keytar` module for window-first.ts's launches of the shell, in plain Node: the bench machines have no
 * Secret Service outside a D-Bus session, and real keytar would then fail the shell's probe, leaving every launch
 * with a memory store, signed out. This one keeps the entries in a JSON file (WALLET_DESK_BENCH_KEYCHAIN), so a
 * relaunch finds the refresh token and the balance cache's key a signed-in user has, and a rotated refresh token
 * is there for the next launch. Each call reads or replaces the file (asynchronously, as keytar's calls are); a
 * real Secret Service adds its D-Bus round trips, which this does not.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';

/**
 * The keytar calls the app makes (src-main/keychain/keytar-store.ts), over the entries in `file`. Calls run one
 * after another, so two writes never read the same entries and the later one drops the earlier one's change.
 * @param {string} file
 * @returns {import('../../../../src-main/keychain/keytar-store').KeytarApi}
 */
export function keychainAt(file) {
  let queue = Promise.resolve();
  const serial = (task) => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
  const key = (service, account) => JSON.stringify([service, account]);
  const read = async () => {
    try {
      return JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      if (error?.code === 'ENOENT') return {};
      throw error;
    }
  };
  const write = async (entries) => {
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(entries), { mode: 0o600 });
    await rename(temporary, file);
  };
  return {
    getPassword: (service, account) => serial(async () => (await read())[key(service, account)] ?? null),
    setPassword: (service, account, password) =>
      serial(async () => {
        const entries = await read();
        entries[key(service, account)] = password;
        await write(entries);
      }),
    deletePassword: (service, account) =>
      serial(async () => {
        const entries = await read();
        if (!(key(service, account) in entries)) return false;
        delete entries[key(service, account)];
        await write(entries);
        return true;
      }),
  };
}

let fromEnvironment;
function environmentKeychain() {
  const file = process.env['WALLET_DESK_BENCH_KEYCHAIN'];
  if (!file) throw new Error('WALLET_DESK_BENCH_KEYCHAIN is not set');
  fromEnvironment ??= keychainAt(file);
  return fromEnvironment;
}

export const getPassword = (service, account) => environmentKeychain().getPassword(service, account);
export const setPassword = (service, account, password) =>
  environmentKeychain().setPassword(service, account, password);
export const deletePassword = (service, account) => environmentKeychain().deletePassword(service, account);
export default { getPassword, setPassword, deletePassword };
