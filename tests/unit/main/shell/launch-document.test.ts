import { describe, expect, it } from 'vitest';
import { servedIndex } from '../../../../src-main/shell/launch-document';

const INDEX = `<!doctype html>
<html lang="en">
  <head><script src="/launch-requests.js"></script></head>
  <body>
    <div id="root"></div>
    <script type="module" src="./assets/index.js"></script>
  </body>
</html>`;

describe('index.html as served (servedIndex)', () => {
  it('puts the launch view inside #root, marked for the page to adopt, and the page in its language', async () => {
    const html = await servedIndex(INDEX, async () => ({ markup: '<main>rows</main>', lang: 'de-CH' }));
    expect(html).toContain('<div id="root" data-launch="cached"><main>rows</main></div>');
    expect(html).toContain('<html lang="de-CH">');
    // Everything else as built: the same scripts in the same places.
    expect(html.replace('<main>rows</main>', '').replace(' data-launch="cached"', '').replace('de-CH', 'en')).toBe(
      INDEX,
    );
  });

  it('serves the page as built when there is no view, or it fails', async () => {
    expect(await servedIndex(INDEX, async () => null)).toBe(INDEX);
    expect(await servedIndex(INDEX, () => Promise.reject(new Error('keychain refused')))).toBe(INDEX);
  });

  it('serves the page as built once the bound has passed, whatever the view does later', async () => {
    let answer: (view: { markup: string; lang: string }) => void = () => undefined;
    const late = new Promise<{ markup: string; lang: string }>((resolve) => {
      answer = resolve;
    });
    const html = await servedIndex(INDEX, () => late, 1);
    answer({ markup: '<main>rows</main>', lang: 'en' });
    expect(html).toBe(INDEX);
  });

  it("reads no replacement pattern in the view's text ($' $& $`)", async () => {
    const markup = "<main>$' $& $` $1</main>";
    const html = await servedIndex(INDEX, async () => ({ markup, lang: 'en' }));
    expect(html).toContain(`<div id="root" data-launch="cached">${markup}</div>`);
    expect(html.match(/<script/g)).toHaveLength(2);
  });

  it('keeps the built lang when the view’s is not a language tag', async () => {
    const html = await servedIndex(INDEX, async () => ({ markup: '<main></main>', lang: 'en" onload="x' }));
    expect(html).toContain('<html lang="en">');
  });
});
