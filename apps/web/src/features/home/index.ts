// The home page's own blocks.
export { MoroccoPromo } from './MoroccoPromo';
export { SellingPoints } from './SellingPoints';
