import { BrowserRouter } from 'react-router-dom';
import App from './App';

/** The app under the browser's router: main.tsx loads it as a chunk of its own. */
export default function AppRoot() {
  return (
    <BrowserRouter>
      <App />
    </BrowserRouter>
  );
}
