import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadStartupState } from './start-up';

/**
 * React and the app, loaded by main.tsx once the launch paint (if any) is on screen; `releasePaint` stops
 * the paint following locks and privacy mode, which the app's first frame then shows.
 */
export function renderApp(container: HTMLElement, releasePaint: () => void): void {
  const root = createRoot(container);
  // Drawn in one go once the first screen is known: a time-sliced first render would let the next answers
  // and the effects' requests (the fresh balances) wait behind its slices.
  void loadStartupState().then(() =>
    flushSync(() => {
      // The launch paint goes in the same task as React's first frame, so the window is never blank between.
      releasePaint();
      container.replaceChildren();
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    }),
  );
}
