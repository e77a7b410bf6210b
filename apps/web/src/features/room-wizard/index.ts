// The room wizard's public face: the order modal on /pakketten and the room editor of the carts.
export { DEFAULT_GUEST_COUNT, GUEST_COUNT_MESSAGE, MIN_GUEST_COUNT, OrderModal } from './OrderModal';
export { EditRoomModal } from './EditRoomModal';
export { RoomWizard, type RoomWizardProps } from './RoomWizard';
