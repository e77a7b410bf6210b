// Broken on purpose: a lower layer (components/) imports a higher one (features/).
import { alphaTitle } from '../features/alpha';

export const title = alphaTitle;
