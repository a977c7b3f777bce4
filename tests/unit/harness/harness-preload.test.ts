import { describe, expect, it } from 'vitest';
import { withHarnessPreload } from '../../harness/harness-server';

const PRELOAD = '<script src="/__harness/preload.js"></script>';

describe('npm run harness: the preload in every page', () => {
  it('goes before the first classic script, after module scripts and links the parser meets first', () => {
    const page = withHarnessPreload(
      '<html><head><script type="module" src="./a.js"></script><link rel="modulepreload" href="./b.js">' +
        '<script src="./theme-boot.js"></script><script src="./launch.js"></script></head><body></body></html>',
    );
    expect(page.indexOf(PRELOAD)).toBeGreaterThan(page.indexOf('modulepreload'));
    expect(page.indexOf(PRELOAD)).toBeLessThan(page.indexOf('theme-boot.js'));
    expect(page.split(PRELOAD)).toHaveLength(2);
  });

  it('goes at the end of the head when the classic script is in the body, as the floors have it', () => {
    // The app's page: its launch script after #root, which holds the last known balances. Before that script
    // the preload would let the rows be parsed and painted before its request, which no floor gets.
    const page = withHarnessPreload(
      '<html><head><script type="module" src="./a.js"></script><link rel="stylesheet" href="./a.css"></head>' +
        '<body><div id="root"><p>Rows.</p></div><script src="./launch.js"></script></body></html>',
    );
    expect(page.indexOf(PRELOAD)).toBeGreaterThan(page.indexOf('a.css'));
    expect(page.indexOf(PRELOAD)).toBeLessThan(page.indexOf('</head>'));
    expect(page.split(PRELOAD)).toHaveLength(2);
  });

  it('goes at the end of the head of a page without a classic script, so a static page carries it too', () => {
    const page = withHarnessPreload(
      '<html><head><link rel="stylesheet" href="./a.css"></head><body><p>Rows.</p></body></html>',
    );
    expect(page.indexOf(PRELOAD)).toBeGreaterThan(page.indexOf('a.css'));
    expect(page.indexOf(PRELOAD)).toBeLessThan(page.indexOf('</head>'));
  });
});
