/**
 * Splits a JSON document, as its text arrives in pieces, into the elements of one array inside it (each
 * parsed with JSON.parse once the comma or bracket after it has arrived) and the rest of the document (parsed once at the end,
 * with that array left empty). findJsonItems does the same for a document held whole, leaving each element
 * unparsed until it is asked for (parseJsonElement); the history export reads its pages that way.
 *
 * Why not a streaming JSON parser: the scanner below only follows strings and brackets and leaves the
 * parsing to the engine's JSON.parse, which makes far less garbage per record and needs no optimising
 * compiler burst of its own (a million-record export felt both). Why it is still exact: every character
 * ends up either in one element's text or in the rest, each of which JSON.parse checks whole, so a
 * document this accepts is valid JSON and means what JSON.parse would read in it.
 *
 * Memory stays bounded whatever the sender does: one element may hold at most `maxItemChars` characters
 * and the rest at most `maxRestChars`, beyond which it stops with a `JsonSplitError` ('too_large'); findJsonItems
 * also takes at most `maxElements` elements and refuses an empty one, since it parses none of them itself.
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
  /** findJsonItems only: most elements the array may have (each costs two numbers before any is parsed). */
  readonly maxElements?: number;
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

// A whole element that is an object nesting at most two more levels, matched as the scanner below reads it:
// strings end at an unescaped quote (a backslash escapes any next character), brackets pair by kind, anything
// else is skipped. Every alternative starts with its own characters, so a failed match backtracks in linear time.
const STRING = String.raw`"[^"\\]*(?:\\[^][^"\\]*)*"`;
const OTHER = String.raw`[^"{}\[\]]`;
const FLAT = `(?:${OTHER}|${STRING})*`;
const NESTED_ONCE = `(?:${OTHER}|${STRING}|\\{${FLAT}\\}|\\[${FLAT}\\])*`;
const NESTED_TWICE = `(?:${OTHER}|${STRING}|\\{${NESTED_ONCE}\\}|\\[${NESTED_ONCE}\\])*`;
const WHOLE_OBJECT = new RegExp(`\\{${NESTED_TWICE}\\}`, 'y');

/** Whether the text from `from` to `to` is only JSON whitespace (or nothing). */
function isBlank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false;
  }
  return true;
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the text, which may hold personal data: only say where it was.
    throw new JsonSplitError('malformed', `${what} is not valid JSON`);
  }
}

/** The scanner's state between pieces, and the steps it takes for each kind of character. */
class ItemsScanner {
  private readonly path: readonly string[];
  private readonly maxItemChars: number;
  private readonly maxRestChars: number;
  private readonly maxElements: number;
  /** Depth (count of open containers) of the array whose elements are split off. */
  private readonly itemsDepth: number;
  /**
   * Text read but still needed (an unfinished element or key). Positions are counted in the current piece,
   * negative ones in the carry before it: joining the two made a copy of every piece the network delivers.
   */
  private carry = '';
  // Open containers, innermost last.
  private readonly open: number[] = [];
  private inString = false;
  private escaped = false;
  /** Containers 1..pathDepth lie on the path (root, then the value of each path key in turn). */
  private pathDepth = 0;
  /** In the innermost object on the path: whether the next string is a key, and the key last read. */
  private expectKey = false;
  private lastKey: string | null = null;
  /** Where the key being read starts (its opening quote), or null. */
  private keyStart: number | null = null;
  /** Whether each path key has been read in its object: a second one is refused. */
  private readonly seenKey: boolean[];
  private found = false;
  private elementStart = 0;
  private elements = 0;
  private rest = '';
  /** Where the part of the current text that belongs to the rest starts. */
  private restFrom = 0;
  private ended = false;
  // Next backslash at or after the scan while in a string (the text's end when none): found once per
  // stretch, not per quote; -1 at the start of each piece.
  private backslash = -1;

  constructor(
    options: JsonItemsSplitterOptions,
    private readonly boundsOnly = false,
  ) {
    this.path = options.path;
    this.maxElements = options.maxElements ?? Number.POSITIVE_INFINITY;
    this.maxItemChars = options.maxItemChars;
    this.maxRestChars = options.maxRestChars;
    this.itemsDepth = options.path.length + 1;
    this.seenKey = options.path.map(() => false);
  }

  private element(text: string, from: number, to: number, out: unknown[]): void {
    if (to - from > this.maxItemChars)
      throw new JsonSplitError('too_large', `an element is over ${this.maxItemChars} characters`);
    // Where it lies is enough for findJsonItems, whose one text has no carry before it; JSON.parse would have
    // refused an empty element at once, and a document of commas must not grow the bounds without end.
    if (this.boundsOnly) {
      if (this.elements >= this.maxElements)
        throw new JsonSplitError('malformed', `the array has more than ${this.maxElements} elements`);
      if (isBlank(text, from, to)) throw new JsonSplitError('malformed', `element ${this.elements} is empty`);
      out.push(from, to);
    } else out.push(parseJson(this.cut(text, from, to), `element ${this.elements}`));
    this.elements += 1;
  }

  private appendRest(text: string, from: number, to: number): void {
    if (this.rest.length + (to - from) > this.maxRestChars) {
      throw new JsonSplitError(
        'too_large',
        `the document outside the elements is over ${this.maxRestChars} characters`,
      );
    }
    this.rest += this.cut(text, from, to);
  }

  private keyRead(text: string, from: number, to: number): void {
    const raw = this.cut(text, from, to + 1);
    // Escapes are rare in keys; JSON.parse reads them exactly ("d\u0061ta" is "data").
    const key = raw.includes('\\') ? parseJson(raw, 'a key') : raw.slice(1, -1);
    const level = this.pathDepth - 1;
    if (key === this.path[level]) {
      // Two values for one key: JSON.parse would keep the last, after elements of the first were handed on.
      if (this.seenKey[level]) throw new JsonSplitError('malformed', `the key "${this.path[level]}" appears twice`);
      this.seenKey[level] = true;
    }
    this.lastKey = typeof key === 'string' ? key : null;
  }

  /** Inside a string: skips to its closing quote or the text's end; returns where scanning resumes. */
  private scanString(text: string, i: number, n: number): number {
    if (this.escaped) {
      this.escaped = false;
      return i + 1;
    }
    if (this.backslash < i) {
      this.backslash = text.indexOf('\\', i);
      if (this.backslash === -1) this.backslash = n;
    }
    let quote = text.indexOf('"', i);
    if (quote === -1) quote = n;
    if (this.backslash < quote) {
      this.escaped = true;
      return this.backslash + 1;
    }
    if (quote === n) return n;
    this.inString = false;
    if (this.keyStart !== null) {
      this.keyRead(text, this.keyStart, quote);
      this.keyStart = null;
    }
    return quote + 1;
  }

  private quoteOpened(i: number): void {
    this.inString = true;
    if (this.expectKey && this.open.length === this.pathDepth) {
      this.expectKey = false;
      this.keyStart = i;
    }
  }

  private openContainer(text: string, c: number, i: number): void {
    const parent = this.open.length;
    this.open.push(c);
    if (parent !== this.pathDepth || parent >= this.itemsDepth) return;
    const wanted = parent < this.path.length ? OPEN_OBJECT : OPEN_ARRAY;
    const onPath = c === wanted && (parent === 0 || this.lastKey === this.path[parent - 1]);
    if (!onPath) return;
    this.pathDepth = parent + 1;
    this.lastKey = null;
    if (this.pathDepth < this.itemsDepth) {
      this.expectKey = true;
      this.seenKey[this.pathDepth - 1] = false;
    } else {
      if (this.found) throw new JsonSplitError('malformed', 'the array appears twice');
      this.found = true;
      this.appendRest(text, this.restFrom, i + 1);
      this.elementStart = i + 1;
    }
  }

  private closeContainer(text: string, c: number, i: number, out: unknown[]): void {
    const top = this.open.pop();
    if (top === undefined || (top === OPEN_OBJECT) !== (c === CLOSE_OBJECT)) {
      throw new JsonSplitError('malformed', 'brackets do not match');
    }
    if (this.open.length + 1 !== this.pathDepth) return;
    if (this.pathDepth === this.itemsDepth) {
      // `[ ]` has no element; `[1, ]` has an empty last one, which JSON.parse refuses.
      if (this.elements > 0 || this.cut(text, this.elementStart, i).trim() !== '')
        this.element(text, this.elementStart, i, out);
      this.restFrom = i;
    }
    this.pathDepth -= 1;
    this.expectKey = false;
    this.lastKey = null;
  }

  private comma(text: string, i: number, out: unknown[]): void {
    if (this.pathDepth === this.itemsDepth) {
      this.element(text, this.elementStart, i, out);
      this.elementStart = i + 1;
    } else if (this.pathDepth > 0) {
      this.expectKey = true;
    }
  }

  /**
   * Where an element that is an object, starting at `i`, ends (just past its closing brace) when it is whole in
   * `text`, or -1 (it continues in the next piece, or nests deeper): then the scanner reads it character by
   * character. Skipping it leaves the scanner as reading it would: inside an element only the open brackets
   * and the string state change, and both are back where they were at its end. The engine's matcher does in one
   * call what the scanner's loop did per character, for nearly every element of a page.
   */
  private wholeObjectEnd(text: string, i: number): number {
    WHOLE_OBJECT.lastIndex = i;
    try {
      return WHOLE_OBJECT.test(text) ? WHOLE_OBJECT.lastIndex : -1;
    } catch {
      // The matcher's own stack ran out (an element far longer than any the service sends): read it by hand.
      return -1;
    }
  }

  /** Keeps only what is still needed: the unfinished element, or the unfinished key; the rest is stored. */
  private keepUnfinished(text: string, n: number): void {
    if (this.pathDepth === this.itemsDepth) {
      if (n - this.elementStart > this.maxItemChars) {
        throw new JsonSplitError('too_large', `an element is over ${this.maxItemChars} characters`);
      }
      this.carry = this.cut(text, this.elementStart, n);
      this.elementStart = -this.carry.length;
    } else {
      const keep = this.keyStart ?? n;
      this.appendRest(text, this.restFrom, keep);
      if (n - keep > this.maxRestChars)
        throw new JsonSplitError('too_large', `a key is over ${this.maxRestChars} characters`);
      this.carry = this.cut(text, keep, n);
      if (this.keyStart !== null) this.keyStart = -this.carry.length;
    }
    this.restFrom = -this.carry.length;
  }

  /** The text from `from` to `to` in the current piece, `from` reaching back into the carry when negative. */
  private cut(text: string, from: number, to: number): string {
    if (from >= 0) return text.slice(from, to);
    const carried = this.carry.length + from;
    if (to <= 0) return this.carry.slice(carried, this.carry.length + to);
    return this.carry.slice(carried) + text.slice(0, to);
  }

  push(piece: string): unknown[] {
    if (this.ended) throw new Error('push after end');
    const text = piece;
    const n = text.length;
    const out: unknown[] = [];
    let i = 0;
    this.backslash = -1;
    while (i < n) {
      if (this.inString) {
        i = this.scanString(text, i, n);
        continue;
      }
      const c = text.charCodeAt(i);
      if (c === OPEN_OBJECT && this.pathDepth === this.itemsDepth && this.open.length === this.itemsDepth) {
        const end = this.wholeObjectEnd(text, i);
        if (end !== -1) {
          i = end;
          continue;
        }
      }
      if (c === QUOTE) this.quoteOpened(i);
      else if (c === OPEN_OBJECT || c === OPEN_ARRAY) this.openContainer(text, c, i);
      else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) this.closeContainer(text, c, i, out);
      else if (c === COMMA && this.open.length === this.pathDepth) this.comma(text, i, out);
      i += 1;
    }
    this.keepUnfinished(text, n);
    return out;
  }

  end(): JsonItemsSplit {
    if (this.ended) throw new Error('end after end');
    this.ended = true;
    if (this.open.length > 0 || this.inString) throw new JsonSplitError('malformed', 'the document ends early');
    return { rest: parseJson(this.rest, 'the document'), found: this.found };
  }
}

export interface JsonItemsFound extends JsonItemsSplit {
  /** Each element's start and end in the text, in turn (2n and 2n + 1 for element n); not yet parsed. */
  readonly bounds: readonly number[];
}

/**
 * The same split of a document held whole, without parsing the elements: where each lies, and the rest parsed.
 * The caller parses an element when it needs it (`parseJsonElement`), so what the rest says (an error
 * envelope, say) is known before any element is read, and parsed elements need not all be alive at once.
 * The elements are scanned as above, so the text between two bounds is one element as JSON.parse would see it.
 */
export function findJsonItems(text: string, options: JsonItemsSplitterOptions): JsonItemsFound {
  if (options.path.length === 0) throw new TypeError('the path needs at least one key');
  const scanner = new ItemsScanner(options, true);
  const bounds = scanner.push(text) as number[];
  return { ...scanner.end(), bounds };
}

/** Element `n` of a document findJsonItems split, parsed; a `JsonSplitError` ('malformed') when it is not JSON. */
export function parseJsonElement(text: string, found: JsonItemsFound, n: number): unknown {
  return parseJson(text.slice(found.bounds[2 * n], found.bounds[2 * n + 1]), `element ${n}`);
}

export function createJsonItemsSplitter(options: JsonItemsSplitterOptions): JsonItemsSplitter {
  if (options.path.length === 0) throw new TypeError('the path needs at least one key');
  const scanner = new ItemsScanner(options);
  return { push: (piece) => scanner.push(piece), end: () => scanner.end() };
}
