import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW_SIZE,
  placeWindow,
  WindowState,
  windowStateOf,
} from '../../../../src-main/settings/window-state';

const laptop = { x: 0, y: 0, width: 1440, height: 875 };
const external = { x: 1440, y: 0, width: 2560, height: 1415 };

describe('placing the main window where it was', () => {
  it('opens at the default size, centred, the first time', () => {
    expect(placeWindow(undefined, [laptop])).toEqual({ bounds: DEFAULT_WINDOW_SIZE, maximized: false });
  });

  it('reopens exactly where it was closed when that is still on a display', () => {
    const saved = { x: 1600, y: 120, width: 1300, height: 900, maximized: false };
    expect(placeWindow(saved, [laptop, external])).toEqual({
      bounds: { x: 1600, y: 120, width: 1300, height: 900 },
      maximized: false,
    });
  });

  it('falls back to the default when the monitor it was on has been unplugged, keeping "maximised"', () => {
    const saved = { x: 1600, y: 120, width: 1300, height: 900, maximized: true };
    expect(placeWindow(saved, [laptop])).toEqual({ bounds: DEFAULT_WINDOW_SIZE, maximized: true });
  });

  it('fits a window larger than the display it is on, and pulls a half-hidden one back into view', () => {
    expect(placeWindow({ x: 100, y: 50, width: 2000, height: 1200, maximized: false }, [laptop]).bounds).toEqual({
      x: 0,
      y: 0,
      width: 1440,
      height: 875,
    });
    expect(placeWindow({ x: 900, y: 300, width: 1000, height: 700, maximized: false }, [laptop]).bounds).toEqual({
      x: 440,
      y: 175,
      width: 1000,
      height: 700,
    });
  });

  it('does not trust a title bar above the top of the work area (it could not be grabbed)', () => {
    expect(placeWindow({ x: 100, y: -20, width: 1000, height: 700, maximized: false }, [laptop]).bounds).toEqual(
      DEFAULT_WINDOW_SIZE,
    );
  });

  it('remembers whole pixels even when fractional display scaling reports fractions', () => {
    const state = windowStateOf({ x: 100.4, y: 50.6, width: 1000.5, height: 700.2 }, true);
    expect(state).toEqual({ x: 100, y: 51, width: 1001, height: 700, maximized: true });
    expect(WindowState.safeParse(state).success).toBe(true);
  });

  it('rejects a saved state that is not a window state', () => {
    expect(WindowState.safeParse({ x: 1.5, y: 0, width: 800, height: 600, maximized: false }).success).toBe(false);
    expect(WindowState.safeParse({ x: 0, y: 0, width: 0, height: 600, maximized: false }).success).toBe(false);
  });
});
