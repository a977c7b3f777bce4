import { operationNames } from '../../src-preload/contract';

const domains = [...new Set(operationNames.map((name) => name.split('.')[0]!))];
/** `send.precheck`, `withdraw.confirm`: a bridge operation name, spelled by the contract or not. */
const operationLike = new RegExp(`\\b(?:${domains.join('|')})\\.[a-z][A-Za-z]*\\b`);
/** A zod path in front of its message: `amount: …`, `items.0.address: …`. */
const fieldPath = /(?:^|[;(]\s*)[a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*: |\b[A-Za-z_]\w*\.(?:\d+|[a-z]\w*)(?:\.\w+)*: /;
/** zod's own English, which names types rather than what the person should do. */
const zodEnglish =
  /Invalid input|expected (?:string|number|object|array|boolean)|received (?:undefined|null|string|number)|Unrecognized key/;

/**
 * What in a message a user will read is an internal name: an operation name, a
 * field path or zod's English. Empty when the message is in words.
 */
export function internalNamesIn(message: string): string[] {
  const found: string[] = [];
  for (const pattern of [operationLike, fieldPath, zodEnglish]) {
    const match = pattern.exec(message);
    if (match) found.push(match[0].trim());
  }
  return found;
}

/** Every failed bridge answer among recorded answers whose message names internals, with what it names. */
export function answersNamingInternals(recorded: readonly string[]): string[] {
  const problems: string[] = [];
  for (const text of recorded) {
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      continue;
    }
    if (typeof answer !== 'object' || answer === null || (answer as { ok?: unknown }).ok !== false) continue;
    const message = (answer as { error?: { message?: unknown } }).error?.message;
    if (typeof message !== 'string') continue;
    const names = internalNamesIn(message);
    if (names.length > 0) problems.push(`${message}  ← ${names.join(', ')}`);
  }
  return problems;
}
