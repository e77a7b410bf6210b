// Cart entries in words: the labels of a room's kind and of its guests, shared by the cart lists and
// the room wizard's confirmation step.
import { AgeCategory, Gender, ageCategoryLabels } from '@umrah/domain/enums';
import type { CartGuest } from './types';

export const ADDED_MESSAGE = 'Product is toegevoegd in je winkelwagen!';
export const UPDATED_MESSAGE = 'Je winkelwagen is bijgewerkt.';

export const ROOM_GENDERS = [
  { value: Gender.MIX, label: 'Mix/familie' },
  { value: Gender.MALE, label: 'Mannen' },
  { value: Gender.FEMALE, label: 'Vrouwen' },
] as const;
export const roomGenderLabel = (g: number) => ROOM_GENDERS.find((r) => r.value === g)?.label ?? '';

export function guestDetails(g: CartGuest, roomGender: number): string {
  const parts: string[] = [ageCategoryLabels[g.age_category]];
  if (roomGender === Gender.MIX && g.gender !== null) parts.push(g.gender === Gender.MALE ? 'man' : 'vrouw');
  if (g.age_category !== AgeCategory.ADULT && !g.bed_included) parts.push('zonder eigen bed');
  if (!g.european_passport) parts.push('geen Europees paspoort');
  if (g.flex?.disabled) parts.push('rolstoel');
  return parts.join(', ');
}
