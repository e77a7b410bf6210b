// What the visa retention run uses of 'Mijn reis': the visa PDFs of trips that are over go with the
// rest of the visa data.
export { purgeExpiredVisaPdfs } from './retention.ts';
