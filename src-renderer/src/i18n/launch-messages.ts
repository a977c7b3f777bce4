import {
  isArgumentElement,
  isLiteralElement,
  isSelectElement,
  isTagElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser';
import type { Catalogue, MessageId } from '../../../resources/locales/catalogues';
import type { CatalogueName } from '../../../resources/locales/languages';
import { pseudoCatalogue } from '../../../resources/locales/pseudo';

/** The messages the launch paint writes (launch-paint-view.ts): all it may read from the catalogues. */
export const LAUNCH_MESSAGE_IDS = [
  'common.appName',
  'home.title',
  'home.updated',
  'home.lastKnown.status',
  'home.lastKnown.restoring',
  'home.lastKnown.unreachable',
  'home.lastKnown.region',
  'home.wallets.table',
  'home.wallets.symbol',
  'home.wallets.name',
  'home.wallets.network',
  'home.wallets.amount',
  'home.wallets.price',
  'home.wallets.value',
  'home.wallets.none',
  'home.totals.region',
  'home.totals.balance',
  'home.totals.dailyProfit',
] as const satisfies readonly MessageId[];

export type LaunchMessageId = (typeof LAUNCH_MESSAGE_IDS)[number];

/**
 * The part of ICU MessageFormat's syntax tree (as @formatjs/icu-messageformat-parser builds it) that the launch
 * messages use: text, a plain argument, a select and a tag. Spelled out here so the launch paint reads it
 * without importing the parser's module.
 */
export type LaunchElement =
  | { readonly type: 0; readonly value: string }
  | { readonly type: 1; readonly value: string }
  | {
      readonly type: 5;
      readonly value: string;
      readonly options: Readonly<Record<string, { readonly value: readonly LaunchElement[] }>>;
    }
  | { readonly type: 8; readonly value: string; readonly children: readonly LaunchElement[] };

/** The launch paint's messages, already parsed, in one language. */
export type LaunchCatalogue = Readonly<Record<LaunchMessageId, readonly LaunchElement[]>>;
export type LaunchCatalogues = Readonly<Record<CatalogueName, LaunchCatalogue>>;

/**
 * Whether the launch paint's small formatter (launch-text.ts) writes every part of a message: text,
 * arguments, selects and tags. A message that needs more (a plural, a number or date skeleton) stops the
 * build rather than be written differently from the app.
 */
function assertWritable(id: string, elements: readonly MessageFormatElement[]): void {
  for (const element of elements) {
    if (isLiteralElement(element) || isArgumentElement(element)) continue;
    if (isTagElement(element)) assertWritable(id, element.children);
    else if (isSelectElement(element))
      Object.values(element.options).forEach((option) => assertWritable(id, option.value));
    else throw new Error(`The launch paint cannot write ${id}: it uses ICU element type ${element.type}.`);
  }
}

function launchSubset(catalogue: Catalogue): Record<LaunchMessageId, string> {
  return Object.fromEntries(LAUNCH_MESSAGE_IDS.map((id) => [id, catalogue[id]])) as Record<LaunchMessageId, string>;
}

function parsedCatalogue(
  messages: Readonly<Record<LaunchMessageId, string | MessageFormatElement[]>>,
): LaunchCatalogue {
  const parsed = LAUNCH_MESSAGE_IDS.map((id) => {
    const message = messages[id];
    const elements = typeof message === 'string' ? parse(message) : message;
    assertWritable(id, elements);
    // Checked just above: only the element types LaunchElement spells out.
    return [id, elements as unknown as readonly LaunchElement[]] as const;
  });
  return Object.fromEntries(parsed) as LaunchCatalogue;
}

/**
 * The launch paint's messages in every language, parsed as FormatJS parses them for the app (a missing
 * message falls back to English, as the app's formatter does). The build runs this once and hands the page
 * the result as JSON (electron.vite.config.ts), so no parser and no full catalogue are part of the first
 * script.
 */
export function parseLaunchCatalogues(catalogues: Readonly<Record<'en' | 'de' | 'tr', Catalogue>>): LaunchCatalogues {
  const english = launchSubset(catalogues.en);
  const inLanguage = (catalogue: Catalogue) => parsedCatalogue({ ...english, ...launchSubset(catalogue) });
  return {
    en: parsedCatalogue(english),
    de: inLanguage(catalogues.de),
    tr: inLanguage(catalogues.tr),
    pseudo: parsedCatalogue(pseudoCatalogue(english as Catalogue) as Record<LaunchMessageId, MessageFormatElement[]>),
  };
}
