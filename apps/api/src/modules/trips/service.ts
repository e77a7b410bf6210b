// The trips module's public face (routes and the downloads import from here). Each use case lives in
// its own file under workflows/: loading a trip, the overviews, the rooming versions and saving them.

export { loadTrip, type Actor, type Ctx, type LoadedTrip, type TripGuest } from './workflows/load-trip.ts';
export { listTrips, ordersMissingDocuments, tripAdminOrders, tripDetail } from './workflows/trip-overview.ts';
export { mergedRooms, roomingProposal, versionRows } from './workflows/rooming-versions.ts';
export { mergePeriod, saveMergedRooms } from './workflows/save-rooming.ts';
export { auditDownload } from './workflows/audit-download.ts';
