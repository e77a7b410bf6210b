// The account page's cards: the public face of the account feature.
export { PrivacyCard } from './PrivacyCard';
export { ProfileCard } from './ProfileCard';
export * from './api';
