// The content pages' data and pieces: the public face of the content feature.
export * from './api';
export { ArticlePicture } from './ArticlePicture';
export { ContactForm } from './ContactForm';
export { OfficeMap } from './OfficeMap';
export { CategoryBadges } from './CategoryBadges';
