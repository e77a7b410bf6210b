export { MyWaitlist } from './MyWaitlist';
export { TripWaitlist } from './TripWaitlist';
export { useMyWaitlist } from './api';
export { withHolds } from './holds';
