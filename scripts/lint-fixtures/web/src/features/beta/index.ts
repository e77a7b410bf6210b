// Clean: the public face of feature beta.
export { betaValue } from './internal';
