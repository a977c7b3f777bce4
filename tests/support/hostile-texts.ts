/** Texts a service (or a file on disk) could hand over, each meant to end a text, a value or a tag. */
export const HOSTILE_TEXTS = [
  '</table><script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  '" onmouseover="alert(1)',
  "' onmouseover='alert(1)",
  '<!--',
  '&amp;',
  '<img src=x onerror=alert(1)>',
  '\u2028line\u2029paragraph',
  "$' $& $` $1",
  'carriage\rreturn',
  '</main></div><div id="root">',
  'x'.repeat(100_000),
];
