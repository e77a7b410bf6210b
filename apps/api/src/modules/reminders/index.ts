// The reminders other modules send or list: payment reminders from 'Openstaand', document
// reminders from a trip page, and the payment steps the open-orders list shows.
export { PAYMENT_STEPS, type DocumentStep } from './mails.ts';
export { sendDocumentReminderEach, sendPaymentReminderEach } from './service.ts';
