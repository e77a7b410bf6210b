// Broken on purpose: a hook called conditionally (react-hooks/rules-of-hooks).
import { useState } from 'react';

export function ConditionalHook({ show }: { show: boolean }) {
  if (show) {
    const [count] = useState(0);
    return <p>{count}</p>;
  }
  return null;
}
