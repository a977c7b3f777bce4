import { dropServedFresh, paintLaunchBalances } from './launch-paint';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// React and the app are most of the first script's evaluation time; the last known balances are painted
// before it from the launch's answers, then the app is loaded and takes the window over.
void paintLaunchBalances(container)
  .catch(() => {
    // Main's fresh part stays only under the paint's watch, and the app draws into #root alone.
    dropServedFresh(document);
    return () => undefined;
  })
  .then(async (releasePaint) => (await import('./render-app')).renderApp(container, releasePaint));
