// Crowdfunds: the home page's section, the admin's section on the dashboard and the admin cart's donation button.
export * from './api';
export { AdminDonationButton } from './AdminDonationButton';
export { CrowdfundAdminSection } from './CrowdfundAdminSection';
