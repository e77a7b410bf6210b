// The export form the Facturen and Betalingen tabs show.
export { ExportForm } from './ExportForm';
