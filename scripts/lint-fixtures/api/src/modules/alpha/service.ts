// Clean: module alpha's service uses module beta through beta's service.ts and index.ts.
import { betaCount } from '../beta/service.ts';
import { betaName } from '../beta/index.ts';
import { shared } from '../../lib/shared.ts';
import { alphaStart } from './internal.ts';

export const alphaCount = shared(alphaStart + betaCount) + betaName.length;
