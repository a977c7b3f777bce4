/**
 * Splits a JSON document, as its text arrives in pieces, into the elements of one array inside it (each
 * parsed with JSON.parse once the comma or bracket after it has arrived) and the rest of the document (parsed once at the end,
 * with that array left empty).
 *
 * Why not a streaming JSON parser: the scanner below only follows strings and brackets and leaves the
 * parsing to the engine's JSON.parse, which makes far less garbage per record and needs no optimising
 * compiler burst of its own (a million-record export felt both). Why it is still exact: every character
 * ends up either in one element's text or in the rest, each of which JSON.parse checks whole, so a
 * document this accepts is valid JSON and means what JSON.parse would read in it.
 *
 * Memory stays bounded whatever the sender does: one element may hold at most `maxItemChars` characters
 * and the rest at most `maxRestChars`, beyond which it stops with a `JsonSplitError` ('too_large').
 */

export type JsonSplitProblem = 'malformed' | 'too_large';

export class JsonSplitError extends Error {
  constructor(
    readonly problem: JsonSplitProblem,
    message: string,
  ) {
    super(message);
    this.name = 'JsonSplitError';
  }
}

export interface JsonItemsSplitterOptions {
  /** Keys from the root object to the array whose elements are split off, e.g. ['data', 'items']. */
  readonly path: readonly string[];
  /** Most characters (UTF-16 code units) one element's text may have. */
  readonly maxItemChars: number;
  /** Most characters the document may have outside the array's elements. */
  readonly maxRestChars: number;
}

export interface JsonItemsSplit {
  /** The document with the array left empty, parsed. */
  readonly rest: unknown;
  /** Whether the array was there (at the path, an array). */
  readonly found: boolean;
}

export interface JsonItemsSplitter {
  /** Reads the next piece of the text; returns the elements it completed (up to their comma or `]`), parsed, in order. */
  push(piece: string): unknown[];
  /** After the last piece: the rest of the document. Throws when the document is incomplete or not JSON. */
  end(): JsonItemsSplit;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the text, which may hold personal data: only say where it was.
    throw new JsonSplitError('malformed', `${what} is not valid JSON`);
  }
}

export function createJsonItemsSplitter(options: JsonItemsSplitterOptions): JsonItemsSplitter {
  const { path, maxItemChars, maxRestChars } = options;
  if (path.length === 0) throw new TypeError('the path needs at least one key');
  /** Depth (count of open containers) of the array whose elements are split off. */
  const itemsDepth = path.length + 1;

  // Text read but still needed (an unfinished element or key), and where scanning resumes in it.
  let carry = '';
  // Open containers, innermost last.
  const open: number[] = [];
  let inString = false;
  let escaped = false;
  /** Containers 1..pathDepth lie on the path (root, then the value of each path key in turn). */
  let pathDepth = 0;
  /** In the innermost object on the path: whether the next string is a key, and the key last read. */
  let expectKey = false;
  let lastKey: string | null = null;
  /** Where the key being read starts (its opening quote) in the current text, or -1. */
  let keyStart = -1;
  /** Whether each path key has been read in its object: a second one is refused. */
  const seenKey: boolean[] = path.map(() => false);
  let found = false;
  let elementStart = 0;
  let elements = 0;
  let rest = '';
  /** Where the part of the current text that belongs to the rest starts. */
  let restFrom = 0;
  let ended = false;

  function element(text: string, from: number, to: number, out: unknown[]): void {
    if (to - from > maxItemChars)
      throw new JsonSplitError('too_large', `an element is over ${maxItemChars} characters`);
    out.push(parseJson(text.slice(from, to), `element ${elements}`));
    elements += 1;
  }

  function appendRest(text: string, from: number, to: number): void {
    if (rest.length + (to - from) > maxRestChars) {
      throw new JsonSplitError('too_large', `the document outside the elements is over ${maxRestChars} characters`);
    }
    rest += text.slice(from, to);
  }

  function keyRead(text: string, from: number, to: number): void {
    const raw = text.slice(from, to + 1);
    // Escapes are rare in keys; JSON.parse reads them exactly ("d\u0061ta" is "data").
    const key = raw.includes('\\') ? parseJson(raw, 'a key') : raw.slice(1, -1);
    const level = pathDepth - 1;
    if (key === path[level]) {
      // Two values for one key: JSON.parse would keep the last, after elements of the first were handed on.
      if (seenKey[level]) throw new JsonSplitError('malformed', `the key "${path[level]}" appears twice`);
      seenKey[level] = true;
    }
    lastKey = typeof key === 'string' ? key : null;
  }

  function push(piece: string): unknown[] {
    if (ended) throw new Error('push after end');
    const text = carry + piece;
    const n = text.length;
    const out: unknown[] = [];
    let i = carry.length;
    // Next backslash at or after i while in a string (n when none): found once per stretch, not per quote.
    let backslash = -1;
    while (i < n) {
      if (inString) {
        if (escaped) {
          escaped = false;
          i += 1;
          continue;
        }
        if (backslash < i) {
          backslash = text.indexOf('\\', i);
          if (backslash === -1) backslash = n;
        }
        let quote = text.indexOf('"', i);
        if (quote === -1) quote = n;
        if (backslash < quote) {
          escaped = true;
          i = backslash + 1;
        } else if (quote < n) {
          inString = false;
          if (keyStart >= 0) {
            keyRead(text, keyStart, quote);
            keyStart = -1;
          }
          i = quote + 1;
        } else {
          i = n;
        }
        continue;
      }
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        inString = true;
        if (expectKey && open.length === pathDepth) {
          expectKey = false;
          keyStart = i;
        }
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        const parent = open.length;
        open.push(c);
        if (parent === pathDepth && parent < itemsDepth) {
          const wanted = parent < path.length ? OPEN_OBJECT : OPEN_ARRAY;
          const onPath = c === wanted && (parent === 0 || lastKey === path[parent - 1]);
          if (onPath) {
            pathDepth = parent + 1;
            lastKey = null;
            if (pathDepth < itemsDepth) {
              expectKey = true;
              seenKey[pathDepth - 1] = false;
            } else {
              if (found) throw new JsonSplitError('malformed', 'the array appears twice');
              found = true;
              appendRest(text, restFrom, i + 1);
              elementStart = i + 1;
            }
          }
        }
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        const top = open.pop();
        if (top === undefined || (top === OPEN_OBJECT) !== (c === CLOSE_OBJECT)) {
          throw new JsonSplitError('malformed', 'brackets do not match');
        }
        if (open.length + 1 === pathDepth) {
          if (pathDepth === itemsDepth) {
            // `[ ]` has no element; `[1, ]` has an empty last one, which JSON.parse refuses.
            if (elements > 0 || text.slice(elementStart, i).trim() !== '') element(text, elementStart, i, out);
            restFrom = i;
          }
          pathDepth -= 1;
          expectKey = false;
          lastKey = null;
        }
      } else if (c === COMMA && open.length === pathDepth) {
        if (pathDepth === itemsDepth) {
          element(text, elementStart, i, out);
          elementStart = i + 1;
        } else if (pathDepth > 0) {
          expectKey = true;
        }
      }
      i += 1;
    }

    // Keep only what is still needed: the unfinished element, or the unfinished key; the rest is stored.
    if (pathDepth === itemsDepth) {
      if (n - elementStart > maxItemChars) {
        throw new JsonSplitError('too_large', `an element is over ${maxItemChars} characters`);
      }
      carry = text.slice(elementStart);
      elementStart = 0;
    } else {
      const keep = keyStart >= 0 ? keyStart : n;
      appendRest(text, restFrom, keep);
      if (n - keep > maxRestChars) throw new JsonSplitError('too_large', `a key is over ${maxRestChars} characters`);
      carry = text.slice(keep);
      if (keyStart >= 0) keyStart = 0;
    }
    restFrom = 0;
    return out;
  }

  function end(): JsonItemsSplit {
    if (ended) throw new Error('end after end');
    ended = true;
    if (open.length > 0 || inString) throw new JsonSplitError('malformed', 'the document ends early');
    return { rest: parseJson(rest, 'the document'), found };
  }

  return { push, end };
}
