// Clean: a page composes features and components.
import { alphaTitle } from '../features/alpha';
import { Greeting } from '../components/Greeting';

export function HomePage() {
  return <Greeting name={alphaTitle} />;
}
