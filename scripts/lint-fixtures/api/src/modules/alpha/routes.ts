// Clean: a route uses its own module's service, lib/ and infra/.
import { outside } from '../../infra/outside.ts';
import { shared } from '../../lib/shared.ts';
import { alphaCount } from './service.ts';

export const alphaRoute = () => `${outside()} ${shared(alphaCount)}`;
