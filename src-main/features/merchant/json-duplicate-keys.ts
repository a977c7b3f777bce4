/**
 * The first object key that appears twice in the same object of a JSON text, or null. JSON.parse keeps the
 * last one silently, while other receivers keep the first: a body naming Amount twice can mean two amounts
 * to two programs, so a checker must not vouch for it. Call only on text JSON.parse has accepted.
 */
export function firstDuplicateKey(text: string): string | null {
  const objects: Array<Set<string> | null> = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '{') objects.push(new Set());
    else if (char === '[') objects.push(null);
    else if (char === '}' || char === ']') objects.pop();
    else if (char === '"') {
      const end = stringEnd(text, i);
      let j = end + 1;
      while (j < text.length && /\s/.test(text[j] as string)) j += 1;
      const keys = objects.at(-1);
      if (text[j] === ':' && keys) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (keys.has(key)) return key;
        keys.add(key);
      }
      i = end + 1;
      continue;
    }
    i += 1;
  }
  return null;
}

/** Index of the closing quote of the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === '\\') i += 2;
    else if (text[i] === '"') return i;
    else i += 1;
  }
  return text.length - 1;
}
