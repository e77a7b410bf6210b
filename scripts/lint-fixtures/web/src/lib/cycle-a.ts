// Broken on purpose: cycle-a.ts and cycle-b.ts import each other (import-x/no-cycle).
import { b } from './cycle-b';

export const a = (): string => `a${b.length}`;
