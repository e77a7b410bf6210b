// Clean: the public face of feature alpha; it uses feature beta through beta's index.ts.
import { betaValue } from '../beta';
import { formatName } from '../../lib/format';

export const alphaTitle = formatName(` alpha ${betaValue} `);
