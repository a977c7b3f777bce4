import { afterEach, describe, expect, it, vi } from 'vitest';
import { applySavedTheme, THEME_STORAGE_KEY } from '../../../src-preload/saved-theme';

/** An element that records its attributes. */
function element() {
  const attributes = new Map<string, string>();
  return { attributes, setAttribute: (name: string, value: string) => attributes.set(name, value) };
}

/** Mutation observers the preload makes; `insert` is the parser putting the root element in and its task ending. */
function observers() {
  const made: Array<{ target: unknown; options: unknown; disconnected: boolean; callback: () => void }> = [];
  class FakeMutationObserver {
    readonly record: (typeof made)[number];
    constructor(callback: () => void) {
      this.record = { target: null, options: null, disconnected: false, callback };
      made.push(this.record);
    }
    observe(target: unknown, options: unknown): void {
      Object.assign(this.record, { target, options });
    }
    disconnect(): void {
      this.record.disconnected = true;
    }
  }
  vi.stubGlobal('MutationObserver', FakeMutationObserver);
  return made;
}

function storage(saved: string | null) {
  vi.stubGlobal('localStorage', { getItem: (key: string) => (key === THEME_STORAGE_KEY ? saved : null) });
}

afterEach(() => vi.unstubAllGlobals());

describe('the saved theme, put on the page by the preload before its first paint (src-preload/saved-theme.ts)', () => {
  it('sets a saved dark or light theme on the root element at once when it exists', () => {
    for (const theme of ['dark', 'light']) {
      storage(theme);
      const root = element();
      applySavedTheme({ documentElement: root } as unknown as Document);
      expect(root.attributes.get('data-theme')).toBe(theme);
    }
  });

  it('sets it as the parser inserts the root element when the preload ran before there was one', () => {
    storage('dark');
    const made = observers();
    const document = { documentElement: null as ReturnType<typeof element> | null };
    applySavedTheme(document as unknown as Document);
    expect(made).toHaveLength(1);
    expect(made[0]!.target).toBe(document);
    expect(made[0]!.options).toEqual({ childList: true });
    // A mutation before the root element (a doctype) changes nothing and keeps watching.
    made[0]!.callback();
    expect(made[0]!.disconnected).toBe(false);
    const root = element();
    document.documentElement = root;
    made[0]!.callback();
    expect(root.attributes.get('data-theme')).toBe('dark');
    expect(made[0]!.disconnected).toBe(true);
  });

  it.each([
    ['the system theme (nothing saved)', null],
    ['a value it does not know', 'purple'],
  ])('leaves the page to the system theme for %s', (_case, saved) => {
    storage(saved);
    const made = observers();
    const root = element();
    applySavedTheme({ documentElement: root } as unknown as Document);
    applySavedTheme({ documentElement: null } as unknown as Document);
    expect(root.attributes.size).toBe(0);
    expect(made).toHaveLength(0);
  });

  it('does not throw when storage is refused', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
    });
    const root = element();
    expect(() => applySavedTheme({ documentElement: root } as unknown as Document)).not.toThrow();
    expect(root.attributes.size).toBe(0);
  });
});
