// The Amsterdam date helpers moved to lib/dutch-time.ts; this path stays for imports not yet moved.
export { dutchToday, fromDutchDateTime, toDutchDateTime } from '../../lib/dutch-time.ts';
