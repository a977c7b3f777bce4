/**
 * The settings file's name alone. The money journal reads that file (moves an earlier version kept there)
 * and is opened by the core at start; importing the name from settings-store.ts built the whole settings
 * schema (history filters, merchant, address book: some hundred zod schemas) into the core's start-up, where
 * nothing parses settings: the shell's store does, before the core exists.
 */
export const SETTINGS_FILE = 'settings.json';
