// The cart's public face: other features and the pages import from here, never from its files.
export * from './types';
export * from './cartStorage';
export * from './order';
export * from './describe';
export * from './api';
export { typedNumber } from './typedNumber';
export { PreviewState } from './PreviewState';
export { CartCards, CartTable } from './CartItems';
export { VoucherField } from './VoucherField';
export { FundEditModal } from './EditModals';
export { RoomEditorProvider, type RoomEditor, type RoomEditorProps } from './roomEditor';
