// Clean: module beta's service.
import { betaStart } from './internal.ts';

export const betaCount = betaStart + 1;
