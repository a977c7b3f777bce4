/**
 * How a locale writes numbers, learnt from Intl itself so parsing matches what the app displays: decimal
 * mark, grouping separator and group sizes (3 and 3 in en-US, 3 then 2 in hi-IN), and the locale's digits.
 */
export interface NumberSymbols {
  readonly locale: string;
  readonly decimal: string;
  readonly group: string;
  /** Characters read as the grouping separator: the locale's own and those people type for it. */
  readonly groupAliases: ReadonlySet<string>;
  /** Size of the group next to the decimal mark. */
  readonly primaryGroup: number;
  /** Size of every group further left. */
  readonly secondaryGroup: number;
  /** The locale's digit characters mapped to ASCII digits (identity for Latin digits). */
  readonly digits: ReadonlyMap<string, string>;
  /** 1234567.89 as the locale writes it, for messages. */
  readonly example: string;
}

// Spaces and apostrophes look alike but differ by ICU version and keyboard: fr-FR groups with U+202F
// (narrow no-break space) but people type a space or U+00A0; de-CH groups with ' or ’ depending on CLDR.
const SPACES = [' ', '\u00a0', '\u202f', '\u2009'];
const APOSTROPHES = ["'", '\u2019', '\u02bc'];

function aliasesOf(group: string): Set<string> {
  if (SPACES.includes(group)) return new Set(SPACES);
  if (APOSTROPHES.includes(group)) return new Set(APOSTROPHES);
  return new Set(group === '' ? [] : [group]);
}

const cache = new Map<string, NumberSymbols>();

export function numberSymbols(locale: string): NumberSymbols {
  const cached = cache.get(locale);
  if (cached) return cached;
  const format = new Intl.NumberFormat(locale, { useGrouping: true });
  const parts = format.formatToParts(123456789012.5);
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  const group = parts.find((part) => part.type === 'group')?.value ?? '';
  const sizes = parts.filter((part) => part.type === 'integer').map((part) => [...part.value].length);
  const primaryGroup = sizes.at(-1) ?? 3;
  const secondaryGroup = sizes.length > 2 ? (sizes.at(-2) ?? primaryGroup) : primaryGroup;
  const digits = new Map<string, string>();
  const plain = new Intl.NumberFormat(locale, { useGrouping: false });
  for (let digit = 0; digit <= 9; digit += 1) digits.set(plain.format(digit), String(digit));
  const symbols: NumberSymbols = {
    locale,
    decimal,
    group,
    groupAliases: aliasesOf(group),
    primaryGroup,
    secondaryGroup,
    digits,
    example: new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(1234567.89),
  };
  cache.set(locale, symbols);
  return symbols;
}
