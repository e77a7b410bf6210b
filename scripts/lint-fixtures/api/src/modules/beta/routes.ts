// Broken on purpose: a route calls another module's service instead of its own.
import { alphaCount } from '../alpha/service.ts';

export const betaRoute = () => alphaCount;
