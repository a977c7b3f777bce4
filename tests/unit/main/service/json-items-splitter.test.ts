import { describe, expect, it } from 'vitest';
import {
  createJsonItemsSplitter,
  findJsonItems,
  JsonSplitError,
  parseJsonElement,
  type JsonItemsSplit,
} from '../../../../src-main/service/json-items-splitter';

const LIMITS = { maxItemChars: 10_000, maxRestChars: 10_000 };

function splitter(limits: Partial<typeof LIMITS> = {}) {
  return createJsonItemsSplitter({ path: ['data', 'items'], ...LIMITS, ...limits });
}

/** Feeds the text in the given pieces; returns the elements in order and the rest. */
function split(pieces: readonly string[], limits: Partial<typeof LIMITS> = {}): { items: unknown[] } & JsonItemsSplit {
  const s = splitter(limits);
  const items: unknown[] = [];
  for (const piece of pieces) items.push(...s.push(piece));
  return { items, ...s.end() };
}

function problemOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof JsonSplitError) return error.problem;
    throw error;
  }
  return 'none';
}

/** What a correct split of a document with data.items is: JSON.parse's reading, items apart. */
function expected(text: string): { items: unknown[]; rest: unknown } {
  const whole = JSON.parse(text) as { data: { items: unknown[] } };
  const items = whole.data.items;
  whole.data.items = [];
  return { items, rest: whole };
}

/** Every way of cutting the text in two, plus pieces of every size from 1 to 7. */
function cuttings(text: string): string[][] {
  const ways: string[][] = [];
  for (let at = 0; at <= text.length; at += 1) ways.push([text.slice(0, at), text.slice(at)]);
  for (let size = 1; size <= 7; size += 1) {
    const pieces: string[] = [];
    for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
    ways.push(pieces);
  }
  return ways;
}

function expectSplitsLikeJsonParse(text: string): void {
  const want = expected(text);
  // The whole text at once, elements left unparsed until asked for: the same elements and rest.
  const found = findJsonItems(text, { path: ['data', 'items'], ...LIMITS });
  const elements = Array.from({ length: found.bounds.length / 2 }, (_, n) => parseJsonElement(text, found, n));
  expect({ items: elements, rest: found.rest, found: found.found }).toEqual({ ...want, found: true });
  for (const pieces of cuttings(text)) {
    const got = split(pieces);
    expect({ items: got.items, rest: got.rest, found: got.found }, JSON.stringify(pieces)).toEqual({
      ...want,
      found: true,
    });
  }
}

describe('createJsonItemsSplitter', () => {
  it('hands each element over once the comma or bracket after it arrives, and the rest with the array left empty', () => {
    const s = splitter();
    expect(s.push('{"apiVersion":"1","data":{"totalRecords":3,"items":[{"a":1},{"a"')).toEqual([{ a: 1 }]);
    expect(s.push(':2},{"a":3}')).toEqual([{ a: 2 }]);
    expect(s.push('],"page":1},"code":200}')).toEqual([{ a: 3 }]);
    expect(s.end()).toEqual({
      rest: { apiVersion: '1', data: { totalRecords: 3, items: [], page: 1 }, code: 200 },
      found: true,
    });
  });

  it('reads strings holding brackets, braces, commas, quotes and escapes as strings, however the text is cut', () => {
    const tricky = [
      '[',
      ']',
      '{',
      '}',
      ',',
      ':',
      '"',
      '\\',
      '\\"',
      '"]',
      '\\\\',
      '\\\\"',
      '},{',
      '],"items":[',
      'a\\',
      '\n\t',
      '\u0000',
      '\u2028',
    ];
    const text = JSON.stringify({
      '{"data":[': tricky,
      data: {
        'items"': ['not these'],
        items: tricky.map((value, n) => ({ value, [`k${value}`]: [value, { value }], n })),
        after: '"]}',
      },
      code: 200,
    });
    expectSplitsLikeJsonParse(text);
  });

  it('reads nested objects and arrays inside an element as one element', () => {
    const text = JSON.stringify({
      data: {
        items: [
          { a: { b: { c: [1, [2, [3, { d: [] }]]] } }, e: [] },
          { items: [{ data: { items: [1] } }] },
          [[], {}, [[]]],
        ],
      },
    });
    expectSplitsLikeJsonParse(text);
  });

  it('takes elements of any JSON kind, an empty array, and whitespace anywhere', () => {
    expectSplitsLikeJsonParse(' \n{ "data" :\t{ "items" : [ 1 , "two" , null , true , -3.5e2 , [ ] , { } ] } }\r\n ');
    expectSplitsLikeJsonParse('{"data":{"items":[ \n ]}}');
    expectSplitsLikeJsonParse('{"data":{"items":[]}}');
  });

  it('keeps text outside the BMP and in other scripts whole, also when its UTF-8 is cut across pieces', () => {
    const text = JSON.stringify({
      message: 'Grüße 🙂',
      data: { items: [{ label: '😀🚀 € ß 日本語 \u{1F600}', address: 'a\u0301' }, { label: '"🙂"' }] },
    });
    expectSplitsLikeJsonParse(text);
    // As the reader gets it: bytes, decoded in a stream, cut inside multi-byte characters.
    const bytes = new TextEncoder().encode(text);
    for (let size = 1; size <= 5; size += 1) {
      const decoder = new TextDecoder();
      const pieces: string[] = [];
      for (let at = 0; at < bytes.length; at += size) {
        pieces.push(decoder.decode(bytes.subarray(at, at + size), { stream: true }));
      }
      pieces.push(decoder.decode());
      expect(split(pieces).items).toEqual(expected(text).items);
    }
  });

  it('reads escaped keys as JSON does', () => {
    const got = split(['{"d\\u0061ta":{"it\\u0065ms":[1,2]},"x\\"y":1}']);
    expect(got).toEqual({ items: [1, 2], rest: { data: { items: [] }, 'x"y': 1 }, found: true });
  });

  it('splits only the array at the path, and says when it is not there', () => {
    const elsewhere = split(['{"items":[1],"data":{"x":{"items":[2]},"list":[3]}}']);
    expect(elsewhere).toEqual({
      items: [],
      rest: { items: [1], data: { x: { items: [2] }, list: [3] } },
      found: false,
    });
    expect(split(['{"data":{"items":{"0":1}}}'])).toMatchObject({ items: [], found: false });
    expect(split(['{"data":[{"items":[1]}]}'])).toMatchObject({ items: [], found: false });
    expect(split(['[{"data":{"items":[1]}}]'])).toMatchObject({ items: [], found: false });
    expect(split(['{"data":null,"code":401}'])).toEqual({ items: [], rest: { data: null, code: 401 }, found: false });
  });

  it('refuses a document cut short at every point', () => {
    const text = JSON.stringify({ data: { items: [{ a: 'x"]}' }, { b: [1, 2] }], page: 1 }, code: 200 });
    for (let at = 0; at < text.length; at += 1) {
      expect(
        problemOf(() => split([text.slice(0, at)])),
        text.slice(0, at),
      ).toBe('malformed');
    }
  });

  it.each([
    ['brackets that do not match', '{"data":{"items":[{"a":1]]}}'],
    ['a closing bracket too many', '{"data":{"items":[1]}}}'],
    ['an empty element', '{"data":{"items":[1,,2]}}'],
    ['a trailing comma', '{"data":{"items":[1,]}}'],
    ['a leading comma', '{"data":{"items":[,1]}}'],
    ['a missing comma', '{"data":{"items":[1 2]}}'],
    ['an element that is not JSON', '{"data":{"items":[{a:1}]}}'],
    ['a bad escape in an element', '{"data":{"items":["\\x"]}}'],
    ['a raw line break in a string', '{"data":{"items":["a\nb"]}}'],
    ['an envelope that is not JSON', '{"data":{"items":[1]} "code":200}'],
    ['text after the document', '{"data":{"items":[1]}} x'],
    ['a second document', '{"data":{"items":[1]}}{"data":{"items":[2]}}'],
    ['the array twice', '{"data":{"items":[1],"items":[2]}}'],
    ['the data twice', '{"data":{"items":[1]},"data":{"page":2}}'],
    ['the data twice, escaped', '{"data":{"items":[1]},"d\\u0061ta":{"page":2}}'],
    ['nothing', ''],
  ])('refuses %s', (_why, text) => {
    expect(problemOf(() => split([text]))).toBe('malformed');
    expect(problemOf(() => split(text.split('')))).toBe('malformed');
  });

  it('says so in words that hold no text of the document', () => {
    try {
      split(['{"data":{"items":[{"secret":"hunter2",}]}}']);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(JsonSplitError);
      expect((error as Error).message).toBe('element 0 is not valid JSON');
    }
  });

  it('refuses an element over its limit before holding much more than it', () => {
    const s = splitter({ maxItemChars: 100 });
    s.push('{"data":{"items":[{"a":"');
    // A string that never ends, sent in pieces: refused once the element outgrows the limit.
    let sent = 0;
    const problem = problemOf(() => {
      for (; sent < 1_000; sent += 1) s.push('x'.repeat(10));
    });
    expect(problem).toBe('too_large');
    expect(sent * 10).toBeLessThanOrEqual(110);
    // One element just inside the limit passes; one character more does not.
    const within = `{"a":"${'x'.repeat(100 - 8)}"}`;
    expect(within.length).toBe(100);
    expect(split([`{"data":{"items":[${within}]}}`], { maxItemChars: 100 }).items).toHaveLength(1);
    expect(problemOf(() => split([`{"data":{"items":[${within} ]}}`], { maxItemChars: 100 }))).toBe('too_large');
  });

  it('refuses an envelope over its limit, however it is sent', () => {
    const long = JSON.stringify({ message: 'm'.repeat(200), data: { items: [] } });
    expect(problemOf(() => split([long], { maxRestChars: 100 }))).toBe('too_large');
    expect(problemOf(() => split(long.split(''), { maxRestChars: 100 }))).toBe('too_large');
    const longKey = `{"${'k'.repeat(200)}":1,"data":{"items":[]}}`;
    expect(problemOf(() => split(longKey.match(/.{1,10}/g) ?? [], { maxRestChars: 100 }))).toBe('too_large');
    // Many elements do not count against the envelope.
    const many = JSON.stringify({ data: { items: Array.from({ length: 500 }, (_, n) => ({ n })) } });
    expect(split([many], { maxRestChars: 100 }).items).toHaveLength(500);
  });

  it('reads an element whole in its piece as it reads one cut across pieces or nested deeper', () => {
    // Elements of the service's shape, whole in one piece, are matched in one step; the rest by hand.
    const shaped = { symbol: 'BTC', amount: 1.5, label: 'a "quoted" {label}, with [brackets]\\', prices: { usd: 2 } };
    const deep = { a: { b: { c: { d: [1, { e: '}' }] } } } };
    const text = JSON.stringify({ data: { items: [shaped, deep, shaped, [shaped], shaped] }, code: 200 });
    expect(split([text])).toEqual({ ...expected(text), found: true });
    expectSplitsLikeJsonParse(text);
    // An escaped quote followed by the closing brackets: a matcher that ended a string at any quote would end
    // the element there, and the scanner would read the rest as a new string.
    for (const escaped of [
      String.raw`{"a":"x\"}"}`,
      String.raw`{"a":"\"","b":"}"}`,
      String.raw`{"a":"\\\"}"}`,
      String.raw`{"a":{"b":"x\"}}"}}`,
      String.raw`{"a":["x\"]}"]}`,
    ]) {
      const doc = `{"data":{"items":[${escaped},{"b":2}]}}`;
      expect(split([doc]), escaped).toEqual({ ...expected(doc), found: true });
    }
    // A bracket closed by the wrong kind, or a string left open, inside an element whole in its piece.
    for (const bad of ['{"a":[1}', '{"a":{"b":[}]}', '{"a":"\\"}', '{"a":1]']) {
      const doc = `{"data":{"items":[${bad},{"b":2}]}}`;
      expect(
        problemOf(() => split([doc])),
        bad,
      ).toBe('malformed');
      expect(
        problemOf(() => split(doc.split(''))),
        bad,
      ).toBe('malformed');
    }
  });

  it('reads an element too long for the engine’s matcher by hand', () => {
    // Some ten million characters exhaust the regular expression engine’s backtracking stack.
    const long = { values: Array.from({ length: 5_000_000 }, (_, n) => n % 10) };
    const text = JSON.stringify({ data: { items: [long, { after: true }] } });
    const got = split([text], { maxItemChars: text.length });
    expect(got.items).toHaveLength(2);
    expect(got.items[1]).toEqual({ after: true });
    expect((got.items[0] as typeof long).values).toHaveLength(5_000_000);
  });

  it('agrees with JSON.parse on random documents cut at random places', () => {
    // A small deterministic generator, so a failure can be replayed.
    let seed = 0x2f6e2b1;
    const random = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const alphabet = ['a', '"', '\\', '[', ']', '{', '}', ',', ':', ' ', '\n', '🙂', 'é', '\u0001', 'items', 'data'];
    const string = (): string => Array.from({ length: Math.floor(random() * 6) }, () => pick(alphabet)).join('');
    const value = (depth: number): unknown => {
      const kind = depth > 3 ? Math.floor(random() * 3) : Math.floor(random() * 5);
      if (kind === 0) return string();
      if (kind === 1) return Math.floor(random() * 1000) - 500;
      if (kind === 2) return pick([null, true, false]);
      if (kind === 3) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, () => [string(), value(depth + 1)]));
    };
    for (let doc = 0; doc < 200; doc += 1) {
      const text = JSON.stringify(
        {
          [string() || 'x']: value(0),
          data: { before: value(1), items: Array.from({ length: Math.floor(random() * 6) }, () => value(1)) },
        },
        null,
        random() < 0.5 ? 0 : 1,
      );
      const pieces: string[] = [];
      // Mostly small pieces, which cut nearly every element, and some large enough to hold whole ones.
      const largest = random() < 0.5 ? 20 : 400;
      for (let at = 0; at < text.length;) {
        const size = 1 + Math.floor(random() * largest);
        pieces.push(text.slice(at, at + size));
        at += size;
      }
      const got = split(pieces);
      expect({ items: got.items, rest: got.rest }, text).toEqual(expected(text));
    }
  });
});

describe('findJsonItems', () => {
  const options = { path: ['data', 'items'], ...LIMITS, maxElements: 3 };
  const problem = (text: string) => problemOf(() => findJsonItems(text, options));

  it('finds the elements without parsing them, the rest parsed', () => {
    const text = '{"data":{"items":[ {"a":1} , [2] ,"x,]"],"n":3},"code":200}';
    const found = findJsonItems(text, options);
    expect(found.bounds).toHaveLength(6);
    expect([0, 1, 2].map((n) => parseJsonElement(text, found, n))).toEqual([{ a: 1 }, [2], 'x,]']);
    expect(found.rest).toEqual({ data: { items: [], n: 3 }, code: 200 });
    expect(findJsonItems('{"data":{"items":[ ]}}', options).bounds).toEqual([]);
  });

  it('refuses empty elements and more elements than allowed before holding them all', () => {
    expect(problem('{"data":{"items":[,,,]}}')).toBe('malformed');
    expect(problem('{"data":{"items":[1, ,2]}}')).toBe('malformed');
    expect(problem('{"data":{"items":[1,2,3]}}')).toBe('none');
    // A page of a million commas or zeros stops at the fourth element, not after a bound for each.
    expect(problem(`{"data":{"items":[${'0,'.repeat(1_000_000)}0]}}`)).toBe('malformed');
  });

  it('leaves an element that is not JSON to parseJsonElement, which refuses it without quoting it', () => {
    const text = '{"data":{"items":[{"secret":tru}]}}';
    const found = findJsonItems(text, options);
    expect(problemOf(() => parseJsonElement(text, found, 0))).toBe('malformed');
    expect(() => parseJsonElement(text, found, 0)).toThrow('element 0 is not valid JSON');
  });
});
