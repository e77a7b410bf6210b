// Broken on purpose: feature alpha reaches into feature beta's internal file instead of its index.ts.
import { betaValue } from '../beta/internal';

export const alphaDouble = betaValue * 2;
