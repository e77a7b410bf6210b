// Clean: the app shell sits on top and may import every layer below.
import { HomePage } from '../pages/HomePage';

export function App() {
  return <HomePage />;
}
