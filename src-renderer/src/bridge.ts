import { NO_ANSWER } from '../../src-preload/bridge';
import type { WalletApi } from '../../src-preload/wallet-api';

declare global {
  interface Window {
    readonly wallet?: WalletApi;
  }
}

type Call = (...input: unknown[]) => unknown;

/**
 * A call that got no answer comes back from the preload with its message as a catalogue id (the preload carries
 * no catalogue); the window says it in its own language, at the time the answer comes.
 */
async function inWords(result: unknown): Promise<unknown> {
  if (typeof result !== 'object' || result === null || (result as { ok?: unknown }).ok !== false) return result;
  const error = (result as { error?: { code?: unknown; message?: unknown } }).error;
  if (error?.code !== 'internal' || error.message !== NO_ANSWER) return result;
  // Imported when needed: the launch paint (the first script) uses this module for its events, and the
  // formatter with the whole catalogue comes with the app's script, after the paint.
  const { t } = await import('./i18n/text');
  return { ok: false, error: { code: 'internal', message: t(NO_ANSWER) } };
}

const wrappedCalls = new WeakMap<Call, Call>();

function answeredInWords(call: Call): Call {
  let wrapped = wrappedCalls.get(call);
  if (!wrapped) {
    wrapped = (...input) => {
      const answer = call(...input);
      return typeof (answer as { then?: unknown } | undefined)?.then === 'function'
        ? (answer as Promise<unknown>).then(inWords)
        : answer;
    };
    wrappedCalls.set(call, wrapped);
  }
  return wrapped;
}

/**
 * Each domain's calls as the bridge has them, looked up when called (so a test's stand-in replaced later is the
 * one called), each answer passed through inWords. The proxies stand over empty objects: the bridge's own are
 * frozen, and a proxy of a frozen object must hand out its very properties.
 */
function withAnswersInWords(api: WalletApi): WalletApi {
  const domains = new Map<PropertyKey, object>();
  const domainOf = (domain: PropertyKey): object => {
    let wrapped = domains.get(domain);
    if (!wrapped) {
      wrapped = new Proxy(
        {},
        {
          get(_, action) {
            const actions: unknown = Reflect.get(api, domain);
            const call: unknown =
              typeof actions === 'object' && actions !== null ? Reflect.get(actions, action) : undefined;
            return typeof call === 'function' ? answeredInWords(call as Call) : call;
          },
        },
      );
      domains.set(domain, wrapped);
    }
    return wrapped;
  };
  return new Proxy({} as WalletApi, {
    get(_, domain) {
      const actions: unknown = Reflect.get(api, domain);
      if (domain === 'on' || typeof actions !== 'object' || actions === null) return actions;
      return domainOf(domain);
    },
  });
}

/**
 * The only module of the bundle that reads `window.wallet`; everything else imports `wallet` from here (the
 * launch script, public/launch-requests.js, asks the start-up questions before the bundle runs).
 */
function resolveWallet(): WalletApi {
  const api = window.wallet;
  if (!api) throw new Error('The app bridge is missing: the page was opened outside Wallet Desk.');
  return withAnswersInWords(api);
}

export const wallet: WalletApi = resolveWallet();
