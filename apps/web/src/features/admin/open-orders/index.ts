// The dashboard's 'Openstaand' view.
export { default as OpenOrdersSection } from './OpenOrdersSection';
