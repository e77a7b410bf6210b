// Broken on purpose: lib/ imports a module.
import { alphaCount } from '../modules/alpha/service.ts';

export const fromLib = alphaCount;
