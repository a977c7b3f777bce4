import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { en } from './en';
import type { CatalogueName } from './languages';
import { loadOtherCatalogue } from './other-catalogues';

/** Every message the app shows, by id; English is the source every other language is checked against. */
export type MessageId = keyof typeof en;
export type Catalogue = Readonly<Record<MessageId, string>>;
/** What the formatter reads: ICU MessageFormat text, or (the pseudo-locale) messages already parsed. */
export type LoadedCatalogue = Readonly<Record<MessageId, string | MessageFormatElement[]>>;

export const english: Catalogue = en;

/**
 * A language's catalogue. English is part of the app's script (the stores and the first screen write in it);
 * the others load when chosen (other-catalogues.ts).
 */
export async function loadCatalogue(name: CatalogueName): Promise<LoadedCatalogue> {
  return name === 'en' ? english : loadOtherCatalogue(name, () => english);
}
