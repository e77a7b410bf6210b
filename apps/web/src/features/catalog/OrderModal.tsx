// 'Bestellen' opens the order modal: the guest count and the room wizard live in features/room-wizard.
export { DEFAULT_GUEST_COUNT, GUEST_COUNT_MESSAGE, MIN_GUEST_COUNT, OrderModal } from '../room-wizard/OrderModal';
