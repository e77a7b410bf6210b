// Clean: a component that uses lib/ (same lowest layer).
import { formatName } from '../lib/format';

export function Greeting({ name }: { name: string }) {
  return <p>Hallo {formatName(name)}</p>;
}
