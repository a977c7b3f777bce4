/**
 * Stands in for `electron` when the real preload (src-preload/index.ts) is bundled for the browser
 * harness: contextBridge puts the API on window, ipcRenderer carries calls over loopback HTTP and
 * events over server-sent events. Test tooling only; never part of the app.
 */
type Listener = (event: unknown, payload: unknown) => void;

const INVOKE_PREFIX = 'wallet:invoke:';
const listeners = new Map<string, Set<Listener>>();
let events: EventSource | null = null;

function ensureEventStream(): void {
  if (events) return;
  events = new EventSource('/__bridge/events');
  events.onmessage = (message: MessageEvent<string>) => {
    const { channel, payload } = JSON.parse(message.data) as { channel: string; payload: unknown };
    if (channel === 'harness:open-external') {
      // Where the app would open the system browser, the harness opens a window of this browser.
      window.open((payload as { url: string }).url, '_blank');
      return;
    }
    for (const listener of listeners.get(channel) ?? []) listener({}, payload);
  };
}

export const contextBridge = {
  exposeInMainWorld(key: string, api: unknown): void {
    Object.defineProperty(window, key, { value: api, writable: false, configurable: false, enumerable: true });
  },
};

export const ipcRenderer = {
  async invoke(channel: string, input: unknown): Promise<unknown> {
    if (!channel.startsWith(INVOKE_PREFIX)) throw new Error(`harness: unexpected channel ${channel}`);
    const operation = channel.slice(INVOKE_PREFIX.length);
    const response = await fetch(`/__bridge/invoke/${encodeURIComponent(operation)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input }),
    });
    return response.json();
  },
  on(channel: string, listener: Listener): void {
    ensureEventStream();
    let set = listeners.get(channel);
    if (!set) listeners.set(channel, (set = new Set()));
    set.add(listener);
  },
  removeListener(channel: string, listener: Listener): void {
    listeners.get(channel)?.delete(listener);
  },
};

// The harness needs its event stream even before the page subscribes, to open login windows.
ensureEventStream();
