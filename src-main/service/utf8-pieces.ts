/**
 * UTF-8 text that arrives in pieces, decoded piece by piece into exactly the text one TextDecoder in stream
 * mode gives (a byte order mark dropped at the start only, U+FFFD for each bad sequence). Why not stream
 * mode itself: Node decodes a stream through ICU's converter, several times slower than its one-shot UTF-8
 * decoder, and a history export decodes every byte of every page. So each piece is decoded in one shot up
 * to its last whole character, and the bytes of a character it cuts are held for the next piece: the one-shot
 * decoder then ends every piece where the stream decoder would have nothing pending.
 */
export class Utf8Pieces {
  /** For the text's first bytes: drops a byte order mark there, as the stream decoder does. */
  private readonly first = new TextDecoder('utf-8');
  /** For the rest: a U+FEFF later on is text. */
  private readonly rest = new TextDecoder('utf-8', { ignoreBOM: true });
  private started = false;
  /** The start of a character the last piece cut, or null. */
  private held: Uint8Array | null = null;

  /** The text of `bytes`, after the bytes held from the piece before, up to the last whole character. */
  next(bytes: Uint8Array): string {
    const all = this.held === null ? bytes : joined(this.held, bytes);
    const whole = wholeCharactersLength(all);
    this.held = whole === all.length ? null : all.slice(whole);
    return this.decode(all.subarray(0, whole));
  }

  /** After the last piece: a character cut at the end reads as U+FFFD, as the stream decoder's last call says. */
  end(): string {
    const held = this.held;
    this.held = null;
    return held === null ? '' : this.decode(held);
  }

  private decode(bytes: Uint8Array): string {
    if (bytes.length === 0) return '';
    const decoder = this.started ? this.rest : this.first;
    this.started = true;
    return decoder.decode(bytes);
  }
}

function joined(head: Uint8Array, tail: Uint8Array): Uint8Array {
  const both = new Uint8Array(head.length + tail.length);
  both.set(head);
  both.set(tail, head.length);
  return both;
}

/**
 * How many of `bytes` to decode now: all but a sequence at the end that its lead byte says is longer than
 * what is there. Held back, it is decoded with the bytes after it, as the stream decoder would read them;
 * decoded now, a character cut in two would become two U+FFFD. A sequence already broken (a byte that cannot
 * follow) reads the same either way, since the decoder's verdict on it depends only on the bytes themselves.
 */
export function wholeCharactersLength(bytes: Uint8Array): number {
  const n = bytes.length;
  // A lead byte starts at most four bytes, so only the last three can start a cut character.
  for (let back = 1; back <= 3 && back <= n; back += 1) {
    const byte = bytes[n - back]!;
    // 10xxxxxx continues a character; look further back for its lead.
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? n - back : n;
  }
  return n;
}
