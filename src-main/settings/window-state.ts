import { z } from 'zod';

/** Where the main window was when it last closed: its normal (unmaximised) bounds and whether it was maximised. */
export const WindowState = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof WindowState>;

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface WindowPlacement {
  /** Without x and y the window opens centred on the primary display. */
  readonly bounds: { readonly width: number; readonly height: number; readonly x?: number; readonly y?: number };
  readonly maximized: boolean;
}

export const DEFAULT_WINDOW_SIZE = { width: 1200, height: 800 } as const;
export const MIN_WINDOW_SIZE = { width: 900, height: 600 } as const;

/** Enough of the title bar must show on a display for the user to grab the window and move it. */
const GRIP = { width: 120, height: 32 } as const;

/**
 * Reopens the window where it was, if that is still on one of the displays' work areas (a monitor may
 * have been unplugged, or the resolution lowered): it is fitted into the display showing its title bar,
 * or, when none does, opened at the default size in the centre.
 */
export function placeWindow(saved: WindowState | undefined, workAreas: readonly Rect[]): WindowPlacement {
  const maximized = saved?.maximized ?? false;
  const area = saved && workAreas.find((candidate) => showsTitleBar(saved, candidate));
  if (!saved || !area) return { bounds: { ...DEFAULT_WINDOW_SIZE }, maximized };
  const width = clamp(saved.width, Math.min(MIN_WINDOW_SIZE.width, area.width), area.width);
  const height = clamp(saved.height, Math.min(MIN_WINDOW_SIZE.height, area.height), area.height);
  return {
    bounds: {
      width,
      height,
      x: clamp(saved.x, area.x, area.x + area.width - width),
      y: clamp(saved.y, area.y, area.y + area.height - height),
    },
    maximized,
  };
}

/** What to remember of a closing window; whole pixels, since fractional display scaling can report fractions. */
export function windowStateOf(normalBounds: Rect, maximized: boolean): WindowState {
  const { x, y, width, height } = normalBounds;
  return {
    x: Math.round(x),
    y: Math.round(y),
    width: Math.max(1, Math.round(width)),
    height: Math.max(1, Math.round(height)),
    maximized,
  };
}

function showsTitleBar(window: Rect, area: Rect): boolean {
  const left = Math.max(window.x, area.x);
  const right = Math.min(window.x + window.width, area.x + area.width);
  const titleBarVisible = window.y >= area.y && window.y + GRIP.height <= area.y + area.height;
  return titleBarVisible && right - left >= GRIP.width;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}
