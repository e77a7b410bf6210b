export { TripWaitlist } from './TripWaitlist';
