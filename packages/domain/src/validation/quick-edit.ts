import { z } from 'zod';
import { ROOM_SIZES } from '../catalog.ts';
import { MSG } from '../messages.ts';
import { TEXT_MAX, idField, requiredText, text } from './common.ts';
import { ORDER_MSG } from './order.ts';
import { VISA_MSG } from './visa.ts';

// POST /api/order/update_flex/{id} (docs/RULES.md, 'Calls'), the admin's 'Snel bewerken': guests' names,
// a room's size and its extras, without rebuilding the order.

export const QUICK_EDIT_MSG = {
  idMismatch: 'Het id in de gegevens hoort niet bij deze bestelling.',
  roomNotInOrder: 'Deze kamer hoort niet bij deze bestelling.',
  noTrip: 'Deze kamer heeft geen reis en kan niet snel worden bewerkt.',
  saved: 'Bestelling is bijgewerkt.',
  unchanged: 'Er is niets gewijzigd.',
} as const;

const INVALID = MSG.invalidInput;

export const quickEditSchema = z.object(
  {
    /** docs/RULES.md, 'Calls': the payload includes the order id; it must be the one in the path. */
    id: idField(),
    rooms: z
      .array(
        z.object(
          {
            id: idField(QUICK_EDIT_MSG.roomNotInOrder),
            room_type: z.literal(ROOM_SIZES, { error: ORDER_MSG.roomType }).optional(),
            extras: z
              .array(text(TEXT_MAX.label, 'Een extra').min(1, { error: INVALID }), { error: INVALID })
              .max(30, { error: ORDER_MSG.tooMany })
              .optional(),
            guests: z
              .array(
                z.object(
                  {
                    id: idField(VISA_MSG.guestNotInOrder),
                    first_name: requiredText(ORDER_MSG.firstName, 100),
                    last_name: requiredText(ORDER_MSG.lastName, 100),
                  },
                  { error: INVALID },
                ),
                { error: INVALID },
              )
              .max(8, { error: ORDER_MSG.tooManyGuests })
              .optional(),
          },
          { error: INVALID },
        ),
        { error: INVALID },
      )
      .max(20, { error: ORDER_MSG.tooMany })
      .default([]),
  },
  { error: INVALID },
);
export type QuickEdit = z.output<typeof quickEditSchema>;
export type QuickEditInput = z.input<typeof quickEditSchema>;
