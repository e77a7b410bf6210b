// The catalog's public face: the region's products and the pieces of /pakketten. (The admin's
// product form, ProductFormModal.tsx, is left out: it belongs with the admin's products.)
export * from './api';
export { ClassChoice } from './ClassChoice';
export { CustomTripModal } from './CustomTripModal';
export { InfoModal } from './InfoModal';
export { MonthTiles } from './MonthTiles';
export { PackageCard } from './PackageCard';
export { TripList } from './TripList';
