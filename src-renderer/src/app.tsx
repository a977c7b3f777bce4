import { useEffect } from 'react';
import { SettingsScreen } from './screens/settings-screen';
import { useAppStore } from './stores/app-store';
import { screens, screenTitles, useNavigation, type ScreenId } from './stores/navigation-store';

function ScreenView({ screen }: { screen: ScreenId }): React.JSX.Element {
  switch (screen) {
    case 'home':
      return (
        <section aria-labelledby="home-title" className="screen">
          <h2 id="home-title">Home</h2>
        </section>
      );
    case 'settings':
      return <SettingsScreen />;
  }
}

export function App(): React.JSX.Element {
  const load = useAppStore((state) => state.load);
  const info = useAppStore((state) => state.info);
  const problem = useAppStore((state) => state.problem);
  const screen = useNavigation((state) => state.screen);
  const go = useNavigation((state) => state.go);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="layout">
      <header className="topbar">
        <h1>Wallet Desk</h1>
        {info && (
          <span className="badge" aria-label="Environment">
            {info.environmentLabel}
          </span>
        )}
      </header>
      <nav aria-label="Main" className="sidebar">
        <ul>
          {screens.map((id) => (
            <li key={id}>
              <button type="button" aria-current={screen === id ? 'page' : undefined} onClick={() => go(id)}>
                {screenTitles[id]}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content">
        {problem && <p role="alert">{problem}</p>}
        {info?.settingsProblem && <p role="alert">{info.settingsProblem}</p>}
        <ScreenView screen={screen} />
      </main>
    </div>
  );
}
