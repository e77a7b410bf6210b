// The room wizard's public face: the order modal on /pakketten and the room editor of the carts.
export { EditRoomModal } from './EditRoomModal';
