import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  DESIRED_YEAR_LABELS,
  MSG,
  REQUEST_MSG,
  type CustomTripBody,
  type CustomTripGuestInput,
  type MoroccoRequestInput,
  type RequestDto,
  type RequestKind,
  type RequestRoom,
  type RequestStatus,
  type RequestUpdateInput,
} from '@umrah/domain';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/index.ts';
import { requests, users } from '../../db/schema.ts';
import { mailsToInLastHour, queueMail } from '../../infra/mail/outbox.ts';
import { layout } from '../../infra/mail/templates.ts';
import type { UserRow } from '../../lib/auth.ts';
import { badRequest, refusingDuplicates, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { containsPattern } from '../../lib/sql.ts';
import { startSession } from '../auth/index.ts';
import { CONFIRMATION_SUBJECT, CONFIRMATIONS_PER_HOUR } from '../contact/service.ts';
import { emailTaken, insertNewAccount, toUserDto, type AccountFields } from '../users/index.ts';

// The lead forms (the Morocco offer and 'Umrah op maat'; API contact/individual(_hadj)).
// Like the contact form: the request is stored, the office gets every field with Reply-To the
// visitor, and the visitor a confirmation, all in one transaction through the outbox.
//
// The confirmation is fixed text only (no name, no field the visitor typed): anyone can type any
// address, so it must be useless for sending a stranger a message from the agency. It shares the
// contact form's per-address limit (same lock, both subjects counted), so alternating the forms
// cannot double the mails a stranger receives.

export const REQUEST_CONFIRMATION_SUBJECT = 'We hebben je aanvraag ontvangen';
export const PAGE_SIZE = 25;

export function requestConfirmationMail(kind: RequestKind) {
  const what = kind === 'custom' ? 'Umrah op maat' : 'Umrah vanuit Marokko';
  return {
    subject: REQUEST_CONFIRMATION_SUBJECT,
    ...layout(REQUEST_CONFIRMATION_SUBJECT, [
      'Beste reiziger,',
      `Bedankt voor je aanvraag voor een ${what} via onze website. ${REQUEST_MSG.sent}`,
      'Heb je dit formulier niet zelf ingevuld? Dan kun je deze e-mail negeren.',
    ]),
  };
}

type Personal = AccountFields;

/** The account's personal fields, as the users module shows them (users/dto.ts). */
const personalFromUser = (u: UserRow): Personal => pick(toUserDto(u));

const pick = <T extends Record<string, unknown>>(v: T): Personal => ({
  email: String(v.email),
  first_name: String(v.first_name),
  last_name: String(v.last_name),
  date_of_birth: (v.date_of_birth as string | null) ?? null,
  nationality: String(v.nationality),
  phone_number: String(v.phone_number),
  address: String(v.address),
  zip: String(v.zip),
  city: String(v.city),
  country: String(v.country),
});

const dutchDate = (iso: string | null) => (iso ? iso.split('-').reverse().join('-') : '-');

function personalLines(p: Personal): string[] {
  return [
    `Naam: ${p.first_name} ${p.last_name}`,
    `Email: ${p.email} (antwoord naar dit adres)`,
    `Geboortedatum: ${dutchDate(p.date_of_birth)}`,
    `Nationaliteit: ${p.nationality}`,
    `Telefoonnummer: ${p.phone_number}`,
    `Adres: ${p.address}, ${p.zip} ${p.city}, ${p.country}`,
  ];
}

/** Contact-form and request confirmations count together towards the hourly limit. */
const CONFIRMATION_SUBJECTS = [CONFIRMATION_SUBJECT, REQUEST_CONFIRMATION_SUBJECT];

const roomLine = (r: RequestRoom, i: number) => `Kamer ${i + 1}: ${r.adults} volwassene(n), ${r.kids} kind(eren), ${r.babys} baby('s)`;

/** Stores the request and queues the office mail and (within the limit) the confirmation. */
async function storeAndMail(
  ctx: AppContext,
  tx: DbOrTx,
  req: { kind: RequestKind; personal: Personal; fields: Record<string, unknown>; userId: number | null; lines: string[] },
) {
  const [row] = await tx
    .insert(requests)
    .values({ kind: req.kind, email: req.personal.email, fields: req.fields, userId: req.userId })
    .returning({ id: requests.id });
  if (!row) throw new Error('the request insert returned no row');
  const title = req.kind === 'custom' ? 'Umrah op maat' : 'Umrah vanuit Marokko';
  const name = `${req.personal.first_name} ${req.personal.last_name}`;
  const office = layout(`${title}: aanvraag ${row.id}`, [...req.lines, ...personalLines(req.personal)]);
  await queueMail(tx, { to: ctx.config.officeEmail, subject: `${title}: ${name} <${req.personal.email}>`, replyTo: req.personal.email, ...office });
  // The contact form's lock key: one form at a time per address across both modules.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact-confirmation:${req.personal.email.toLowerCase()}`}))`);
  if ((await mailsToInLastHour(tx, req.personal.email, CONFIRMATION_SUBJECTS)) < CONFIRMATIONS_PER_HOUR) {
    await queueMail(tx, { to: req.personal.email, ...requestConfirmationMail(req.kind) });
  }
  return row.id;
}

export async function sendMoroccoRequest(ctx: AppContext, input: MoroccoRequestInput, user: UserRow | undefined) {
  if (!(await ctx.captcha.verify(input.altcha))) throw badRequest(MSG.robot);
  const { altcha: _altcha, ...fields } = input;
  const personal = pick(fields);
  await ctx.db.transaction((tx) =>
    storeAndMail(ctx, tx, {
      kind: 'morocco',
      personal,
      fields,
      userId: user?.id ?? null,
      lines: [`Gewenste periode: ${DESIRED_YEAR_LABELS[input.desired_year]}`],
    }),
  );
  void ctx.mail.kick();
  return { status: 'success' as const, message: REQUEST_MSG.sent };
}

function tripLines(input: CustomTripBody): string[] {
  return [
    `Periode: ${dutchDate(input.start)} t/m ${dutchDate(input.end)}`,
    `Hotel: ${input.hotel_name || '-'}${input.hotel_rating ? ` (${input.hotel_rating} sterren)` : ''}`,
    ...input.rooms.map(roomLine),
  ];
}

const tripFields = (input: CustomTripBody) => ({
  start: input.start,
  end: input.end,
  hotel_name: input.hotel_name,
  hotel_rating: input.hotel_rating ?? null,
  rooms: input.rooms,
});

/**
 * 'Umrah op maat'. Logged in: the account's details. Otherwise `guest` (the body checked against
 * customTripGuestSchema by the route): the account is created in the same transaction as the request,
 * and the answer carries a session token like the registration does.
 */
export async function sendCustomTrip(ctx: AppContext, input: CustomTripBody, user: UserRow | undefined, guest?: CustomTripGuestInput) {
  if (!(await ctx.captcha.verify(input.altcha))) throw badRequest(MSG.robot);
  if (user) {
    await ctx.db.transaction((tx) =>
      storeAndMail(ctx, tx, {
        kind: 'custom',
        personal: personalFromUser(user),
        fields: tripFields(input),
        userId: user.id,
        lines: tripLines(input),
      }),
    );
    void ctx.mail.kick();
    return { status: 'success' as const, message: REQUEST_MSG.sent, token: null };
  }
  if (!guest) throw badRequest(MSG.invalidInput);
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, guest.email));
  if (existing) throw emailTaken();
  const passwordHash = await hashPassword(guest.password);
  // Two forms racing for one address: the unique index decides.
  const created = await refusingDuplicates(emailTaken, () =>
    ctx.db.transaction(async (tx) => {
      const u = await insertNewAccount(ctx, tx, guest, passwordHash);
      await storeAndMail(ctx, tx, { kind: 'custom', personal: pick(guest), fields: tripFields(input), userId: u.id, lines: tripLines(input) });
      return u;
    }),
  );
  void ctx.mail.kick();
  const token = await startSession(ctx, created);
  return { status: 'success' as const, message: REQUEST_MSG.sent, token };
}

// ---------------------------------------------------------------------------------------------
// Admin: the leads list

const toDto = (r: typeof requests.$inferSelect): RequestDto => ({
  id: r.id,
  kind: r.kind as RequestKind,
  email: r.email,
  fields: r.fields as Record<string, unknown>,
  status: r.status as RequestStatus,
  note: r.note,
  user_id: r.userId,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export async function listRequests(ctx: AppContext, query: { status?: RequestStatus; q?: string; page: number }) {
  const where: SQL[] = [];
  if (query.status) where.push(eq(requests.status, query.status));
  if (query.q) {
    const pattern = containsPattern(query.q);
    // Email, names and the note: what staff remember of a lead.
    where.push(
      or(
        ilike(requests.email, pattern),
        ilike(requests.note, pattern),
        ilike(sql`${requests.fields}->>'first_name'`, pattern),
        ilike(sql`${requests.fields}->>'last_name'`, pattern),
        ilike(sql`concat(${users.firstName}, ' ', ${users.lastName})`, pattern),
      )!,
    );
  }
  const cond = where.length ? and(...where) : undefined;
  const [{ total } = { total: 0 }] = await ctx.db
    .select({ total: count() })
    .from(requests)
    .leftJoin(users, eq(users.id, requests.userId))
    .where(cond);
  const rows = await ctx.db
    .select({ r: requests, u: users })
    .from(requests)
    .leftJoin(users, eq(users.id, requests.userId))
    .where(cond)
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  return {
    requests: rows.map(({ r, u }) => ({
      ...toDto(r),
      // A custom trip of a logged-in visitor stores only the trip: the name comes from the account.
      name: u
        ? `${u.firstName} ${u.lastName}`
        : `${String((r.fields as Record<string, unknown>).first_name ?? '')} ${String((r.fields as Record<string, unknown>).last_name ?? '')}`.trim(),
    })),
    total: Number(total),
    page: query.page,
    page_size: PAGE_SIZE,
  };
}

export async function updateRequest(ctx: AppContext, id: number, input: RequestUpdateInput) {
  const [row] = await ctx.db
    .update(requests)
    .set({ status: input.status, note: input.note, updatedAt: sql`now()` })
    .where(eq(requests.id, id))
    .returning();
  if (!row) throw notFound(MSG.notFound);
  return toDto(row);
}
