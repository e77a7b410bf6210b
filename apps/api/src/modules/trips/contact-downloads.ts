import { eq, inArray } from 'drizzle-orm';
import { formatOrderNumber, formatDate } from '@umrah/domain';
import { orders, users } from '../../db/schema.ts';
import { renderPdf } from '../../infra/pdf/index.ts';
import { XLSX, type Download } from './download-common.ts';
import { buildXlsx } from './pool.ts';
import { auditDownload, loadTrip, versionRows, type Actor, type Ctx, type LoadedTrip } from './service.ts';

// ---- Guest contact list for the tour leader ----

export const CONTACT_COLUMNS = ['Kamer', 'Gast', 'Boeker', 'Telefoon', 'E-mail', 'Opmerking'];

/**
 * One row per guest of the trip's (down-)paid orders: the room (of the latest saved rooming list,
 * with the hotel room numbers; else the booking's room), the guest, who booked and how to reach
 * them (the phone number and address given at registration), and a remark (wheelchair).
 */
async function contactRows(ctx: Ctx, trip: LoadedTrip): Promise<string[][]> {
  const orderIds = trip.orders.map((o) => o.id);
  const bookers = orderIds.length
    ? await ctx.db
        .select({ orderId: orders.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phoneNumber })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(inArray(orders.id, orderIds))
    : [];
  const bookerOf = new Map(bookers.map((b) => [b.orderId, b]));
  const saved = await versionRows(ctx.db, trip.card.start_date);
  const roomOf = new Map<number, { sort: number; label: string }>();
  saved?.rows.forEach((row, i) => {
    const flex = ((row.rooms ?? {}) as { flex?: { room_mekka?: string; room_medina?: string } }).flex ?? {};
    const hotels = [flex.room_mekka && `Mekka ${flex.room_mekka}`, flex.room_medina && `Medina ${flex.room_medina}`].filter(Boolean).join(', ');
    const ids = Array.isArray(row.guests) ? (row.guests as { guest_id?: unknown }[]).map((g) => Number(g?.guest_id)) : [];
    for (const id of ids) roomOf.set(id, { sort: i, label: `Kamer ${i + 1}${hotels ? ` (${hotels})` : ''}` });
  });
  const bookingRoom = new Map(trip.orders.flatMap((o) => o.rooms.map((r, i) => [r.id, `${formatOrderNumber(o.id)} kamer ${i + 1}`] as const)));
  const guests = [...trip.guestById.values()].map((g) => {
    const room = roomOf.get(g.row.id);
    return { g, sort: room?.sort ?? Number.MAX_SAFE_INTEGER, room: room?.label ?? bookingRoom.get(g.roomId) ?? '-' };
  });
  guests.sort((a, b) => a.sort - b.sort || a.g.orderId - b.g.orderId || a.g.roomId - b.g.roomId || a.g.row.id - b.g.row.id);
  return guests.map(({ g, room }) => {
    const b = bookerOf.get(g.orderId);
    return [
      room,
      `${g.row.firstName} ${g.row.lastName}`.trim(),
      b ? `${b.firstName} ${b.lastName}`.trim() : '',
      b?.phone ?? '',
      b?.email ?? '',
      g.wheelchair ? 'Rolstoel' : '',
    ];
  });
}

async function contactData(ctx: Ctx, actor: Actor, startDate: string, format: 'pdf' | 'xlsx') {
  const trip = await loadTrip(ctx.db, startDate);
  const rows = await contactRows(ctx, trip);
  await auditDownload(ctx.db, actor, `trip.download.contacts_${format}`, { start_date: startDate, guests: rows.length });
  return { trip, rows, filename: `contactlijst-${startDate}.${format}` };
}

/** contacts.pdf: the list for the tour leader, laid out by the shop's PDF worker (infra/pdf). */
export async function contactsPdf(ctx: Ctx, actor: Actor, startDate: string): Promise<Download> {
  const { trip, rows, filename } = await contactData(ctx, actor, startDate, 'pdf');
  const widths = [70, 95, 90, 75, 115, 50];
  const body = await renderPdf({
    company: ctx.config.company,
    title: 'Contactlijst reizigers',
    subtitle: trip.card.label,
    subject: `Contactlijst ${trip.card.label}`,
    meta: [
      ['Vertrek', formatDate(trip.card.start_date)],
      ['Terug', formatDate(trip.card.end_date)],
      ['Reizigers', String(rows.length)],
    ],
    customer: { name: 'Voor de reisleider', lines: ['Vertrouwelijk: alleen voor contact tijdens de reis.'] },
    sections: [
      {
        kind: 'table',
        heading: 'Reizigers',
        columns: CONTACT_COLUMNS.map((header, i) => ({ header, width: widths[i]! })),
        rows,
        empty: 'Deze reis heeft nog geen (aan)betaalde boekingen.',
      },
    ],
  });
  return { filename, contentType: 'application/pdf', body };
}

/** contacts.xlsx: the same list as a sheet. */
export async function contactsXlsx(ctx: Ctx, actor: Actor, startDate: string): Promise<Download> {
  const { rows, filename } = await contactData(ctx, actor, startDate, 'xlsx');
  const widths = [28, 26, 24, 16, 30, 14];
  const body = await buildXlsx({ sheetName: 'Contactlijst', columns: CONTACT_COLUMNS.map((header, i) => ({ header, width: widths[i]! })), rows });
  return { filename, contentType: XLSX, body };
}
