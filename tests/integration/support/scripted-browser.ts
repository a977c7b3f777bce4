/**
 * Plays the system browser for sign-in tests: the app's injected openExternal hands it the
 * authorization URL, and it drives the sandbox's login and consent pages with fetch (keeping cookies,
 * like a browser would), then delivers the redirect to the app's loopback listener.
 */
export interface BrowserScript {
  username: string;
  password: string;
  decision: 'allow' | 'cancel';
  /** Change the authorization request before sending it (an attacker's nonce...). */
  tamperAuthorization?: (authorization: URL) => URL;
  /** Change the callback before delivering it (a forged state, another issuer...). */
  tamper?: (callback: URL) => URL;
  /** false: open the page and walk away (the user never finishes). */
  deliver: boolean;
  /** Deliver the same callback a second time afterwards. */
  replay: boolean;
}

export interface CallbackVisit {
  readonly url: string;
  readonly status: number | 'refused';
  readonly html: string;
}

export class ScriptedBrowser {
  readonly opened: string[] = [];
  readonly visits: CallbackVisit[] = [];
  readonly failures: unknown[] = [];
  readonly pages: string[] = [];
  script: BrowserScript;
  #cookies = new Map<string, string>();
  #runs: Promise<void>[] = [];

  constructor(script: Partial<BrowserScript> & Pick<BrowserScript, 'username' | 'password'>) {
    this.script = { decision: 'allow', deliver: true, replay: false, ...script };
  }

  /** Pass as the app's openExternal. Returns at once, like shell.openExternal. */
  readonly openExternal = async (url: string): Promise<void> => {
    this.opened.push(url);
    const run = this.#drive(url).catch((error: unknown) => {
      this.failures.push(error);
    });
    this.#runs.push(run);
  };

  /** Waits until everything the browser was doing has finished. */
  async settled(): Promise<void> {
    await Promise.all(this.#runs);
  }

  async #drive(start: string): Promise<void> {
    const script = { ...this.script };
    let step = await this.#go(script.tamperAuthorization ? script.tamperAuthorization(new URL(start)).href : start);
    for (let hops = 0; hops < 20; hops += 1) {
      if (step.location) {
        const next = new URL(step.location, step.url);
        if (next.pathname === '/callback') {
          if (!script.deliver) return;
          const delivered = script.tamper ? script.tamper(next) : next;
          await this.#visitCallback(delivered.href);
          if (script.replay) await this.#visitCallback(delivered.href);
          return;
        }
        step = await this.#go(next.href);
        continue;
      }
      this.pages.push(step.html);
      const action = formAction(step.html, step.url);
      if (step.html.includes('<label for="username">Username</label>')) {
        if (!script.deliver) return;
        step = await this.#go(action, { username: script.username, password: script.password });
      } else if (step.html.includes('>Allow</button>')) {
        step = await this.#go(action, { decision: script.decision });
      } else {
        throw new Error(`unexpected page (${step.status}): ${step.html.slice(0, 300)}`);
      }
    }
    throw new Error('too many redirects');
  }

  async #visitCallback(url: string): Promise<void> {
    try {
      const response = await fetch(url, { redirect: 'manual' });
      this.visits.push({ url, status: response.status, html: await response.text() });
    } catch {
      this.visits.push({ url, status: 'refused', html: '' });
    }
  }

  async #go(
    url: string,
    form?: Record<string, string>,
  ): Promise<{ url: string; status: number; location: string | undefined; html: string }> {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      if (index > 0) this.#cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    return {
      url,
      status: response.status,
      location: response.headers.get('location') ?? undefined,
      html: await response.text(),
    };
  }
}

function formAction(html: string, base: string): string {
  const match = /<form method="post" action="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no form on page: ${html.slice(0, 300)}`);
  return new URL(match[1].replace(/&#38;/g, '&').replace(/&amp;/g, '&'), base).href;
}
