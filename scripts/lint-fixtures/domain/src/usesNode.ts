// Broken on purpose: the domain package runs in the browser too, so no Node.js built-in.
import { createHash } from 'node:crypto';

export const digest = (s: string) => createHash('sha256').update(s).digest('hex');
