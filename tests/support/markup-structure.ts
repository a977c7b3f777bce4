/** A tag as main's launch markup writes it (src-main/shell/launch-markup.ts): every attribute as name="value". */
const TAG = /<(\/?)([a-z0-9]+)((?: [a-z-]+="[^"]*")*)>/g;

/** The tags and attribute names of a markup, in order: what a parser would make elements and attributes of. */
export function markupStructure(markup: string): string[] {
  return [...markup.matchAll(TAG)].map(
    ([, closing, tag, attributes]) =>
      `${closing}${tag}${[...(attributes ?? '').matchAll(/ ([a-z-]+)="[^"]*"/g)].map(([, name]) => ` ${name}`).join('')}`,
  );
}

/** What stands between a markup's tags: text alone, when nothing of a text became markup. */
export function textBetweenTags(markup: string): string {
  return markup.replace(TAG, '');
}
