import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadStartupState } from './start-up';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
// Drawn in one go once the first screen is known: a time-sliced first render would let the next answers
// and the effects' requests (the fresh balances) wait behind its slices.
void loadStartupState().then(() =>
  flushSync(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
