// Broken on purpose: the other half of the cycle with cycle-a.ts.
import { a } from './cycle-a';

export const b = (): string => `b${a.length}`;
