// 'Mijn reis': the public face of the feature (the pages and the orders list import from here).
export { MyTripView } from './MyTripView';
export { MyTripList } from './MyTripList';
