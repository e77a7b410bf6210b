// The catalog's public face: the region's products and the pieces of /pakketten. (The admin's
// product form lives in features/admin/products.)
export * from './api';
export { ClassChoice } from './ClassChoice';
export { MonthTiles } from './MonthTiles';
export { PackageCard } from './PackageCard';
export { TripList } from './TripList';
// CustomTripModal and InfoModal are not exported here: /pakketten loads them when they are first opened.
