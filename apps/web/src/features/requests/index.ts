// The requests feature's public face: the two request forms and the admin's leads section.
export { CustomTripForm } from './CustomTripForm';
export { MoroccoRequestForm } from './MoroccoRequestForm';
export { RequestsSection } from './RequestsSection';
