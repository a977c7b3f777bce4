/**
 * A service's words made into a sentence the app can show among its own: a capital first letter and a
 * closing full stop when it has none (the service's messages are phrases such as "Insufficient balance").
 * The words themselves are kept as the service sent them.
 */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  const capital = trimmed.charAt(0).toLocaleUpperCase('en') + trimmed.slice(1);
  return /[.!?…]["”’)]?$/u.test(capital) ? capital : `${capital}.`;
}
