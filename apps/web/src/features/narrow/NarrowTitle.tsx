import { useEffect, useMemo } from 'preact/hooks';
import { app, ui, useStore } from '../../store';
import { setTabTitle } from '../notifications';
import { narrowTitle } from './narrow-title';

/** The view's title, or the panel's that replaces the messages (Browse streams). */
export function NarrowTitle() {
  const narrow = useStore(app, (s) => s.view.narrow);
  const streams = useStore(app, (s) => s.streams);
  const users = useStore(app, (s) => s.users);
  const panel = useStore(ui, (s) => s.panel);
  const title = useMemo(
    () => (panel === 'streams' ? 'Browse streams' : panel === 'settings' ? 'Settings' : narrowTitle(narrow, app.get())),
    [narrow, streams, users, panel],
  );
  useEffect(() => {
    setTabTitle(`${title} - ${app.get().realmName || 'Chat'}`);
  }, [title]);
  return <h1 class="narrow-title">{title}</h1>;
}
