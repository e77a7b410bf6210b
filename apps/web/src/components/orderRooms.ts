// How the order screens (the customer's and the admin's) name a booked room.

const ROOM_GENDER = ['Mannen', 'Vrouwen', 'Gemengd / familie'];

/** 'Kamer 1: 3-persoonskamer, Mannen, exclusief' (index counts from 0). */
export const orderRoomTitle = (room: { room_type: number; room_gender: number; exclusive: boolean }, index: number) =>
  `Kamer ${index + 1}: ${room.room_type}-persoonskamer, ${ROOM_GENDER[room.room_gender] ?? ''}${room.exclusive ? ', exclusief' : ''}`;
