// Broken on purpose: module alpha reaches into module beta's internal file.
import { betaStart } from '../beta/internal.ts';

export const alphaDeep = betaStart * 2;
