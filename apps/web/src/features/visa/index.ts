// The visa wizard and the staff's document calls: the public face of the visa feature.
export * from './api';
export { VisaWizard } from './VisaWizard';
export { PassportSourceBadge } from './PassportScan';
