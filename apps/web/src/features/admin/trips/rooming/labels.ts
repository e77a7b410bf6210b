// Texts the edit view and the preview both show for a guest and a room.
import { ageCategoryLabels, type AgeCategory } from '@umrah/domain/enums';
import { kindLabel, roomTitle, type EditorRoom, type GuestInfo } from './editor';

const GENDER = ['man', 'vrouw'];

export const guestDetails = (g: GuestInfo) =>
  [(ageCategoryLabels[g.age_category as AgeCategory] ?? '').toLowerCase(), g.gender !== null ? GENDER[g.gender] : null, g.order_number]
    .filter(Boolean)
    .join(', ');

export const roomHeading = (room: EditorRoom, index: number) =>
  `${roomTitle(index)} – ${room.capacity}-persoonskamer, ${kindLabel(room.kind)}${room.exclusive ? ', exclusief' : ''}`;
