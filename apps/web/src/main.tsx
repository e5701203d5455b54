import { render } from 'preact';
import './styles.css';
import { App } from './ui/App';
import { initTheme } from './ui/theme';

initTheme();
render(<App />, document.getElementById('app')!);
