import ExcelJS from 'exceljs';
import { sql, type SQL } from 'drizzle-orm';
import { OPEN_STATUSES, OrderStatus, formatDate, formatOrderNumber, orderStatusLabels, type OpenOrdersQuery } from '@umrah/domain';
import type { OpenOrder, OpenOrders } from '@umrah/domain/contracts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/index.ts';
import { auditLog } from '../../db/schema.ts';
import type { UserRow } from '../../lib/auth.ts';
import { CSV_CONTENT_TYPE, csvEuros, toCsv } from '../../lib/csv.ts';
import { PAYMENT_STEPS, sendPaymentReminderEach } from '../reminders/index.ts';
import { dutchToday } from '../../lib/dutch-time.ts';

// The dashboard's 'Openstaand' view (docs/OFFICE.md): every order that can still be paid (lead, pending,
// down payment) and has an amount open, across trips; the same list as XLSX and CSV. Paid, open,
// deadline and trip are read the way the reminders read them (reminders/service.ts orderFacts), so
// the list, the reminder mail and its log line name the same amounts and dates.

type Ctx = Pick<AppContext, 'db'>;

/** Rows on the screen; the totals and the exports cover every matching order. */
export const OPEN_LIST_LIMIT = 500;

/** 'Herinnering sturen' on a selection: the payment reminder to each order (modules/reminders). */
export const remindOpenOrders = sendPaymentReminderEach;
/** An export is one statement's rows in memory: bounded, far above any real backlog. */
const EXPORT_LIMIT = 20_000;

interface Row {
  id: number;
  status: number;
  first_name: string;
  last_name: string;
  email: string;
  total_price: number;
  paid: string | number;
  amount_open: string | number;
  deadline: string | null;
  trip_start: string | null;
  trip_label: string | null;
  reminder_type: number | null;
  reminder_at: string | Date | null;
  matching: string | number;
  sum_total: string | number;
  sum_paid: string | number;
  sum_open: string | number;
}

const ORDER_BY: Record<OpenOrdersQuery['sort'], SQL> = {
  open: sql`amount_open`,
  deadline: sql`deadline`,
  departure: sql`trip_start`,
};

/** The open orders with the filters, every match's totals in each row (window sums), and `limit` rows. */
function openOrdersSql(q: OpenOrdersQuery, limit: number, today: string): SQL {
  const dir = q.dir === 'desc' ? sql`desc` : sql`asc`;
  const filters: SQL[] = [sql`amount_open > 0`];
  if (q.trip) filters.push(sql`trip_start = ${q.trip}`);
  if (q.status !== undefined) filters.push(sql`status = ${q.status}`);
  // 'Within N days' includes deadlines already passed: those are the most urgent.
  if (q.within !== undefined) filters.push(sql`deadline is not null and deadline <= to_char(${today}::date + ${q.within}::int, 'YYYY-MM-DD')`);
  return sql`
    with facts as (
      select o.id, o.status, u.first_name, u.last_name, u.email, o.total_price,
        coalesce(pay.paid, 0) as paid,
        o.total_price - coalesce(pay.paid, 0) as amount_open,
        trip.deadline, trip.trip_start,
        (select p.label from order_lines l join products p on p.id = l.product_id
          where l.order_id = o.id and p.type between 2 and 10 order by p.start nulls last, p.id limit 1) as trip_label
      from orders o
      join users u on u.id = o.user_id
      left join lateral (select sum(amount)::bigint as paid from payments where order_id = o.id) pay on true
      left join lateral (
        select to_char(min(p.payment_deadline), 'YYYY-MM-DD') as deadline, to_char(min(p.start), 'YYYY-MM-DD') as trip_start
        from order_lines l join products p on p.id = l.product_id
        where l.order_id = o.id and p.type between 2 and 10
      ) trip on true
      where o.status in (${sql.join(
        OPEN_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )})
    ),
    matching as (
      select *, count(*) over () as matching, sum(total_price) over () as sum_total, sum(paid) over () as sum_paid, sum(amount_open) over () as sum_open
      from facts where ${sql.join(filters, sql` and `)}
      order by ${ORDER_BY[q.sort]} ${dir} nulls last, id
      limit ${limit}
    )
    select m.*, r.type as reminder_type, r.created_at as reminder_at
    from matching m
    left join lateral (
      select type, created_at from order_logs where order_id = m.id and type between 6 and 10 order by created_at desc, id desc limit 1
    ) r on true
    order by ${ORDER_BY[q.sort]} ${dir} nulls last, m.id`;
}

async function rowsOf(db: DbOrTx, query: SQL): Promise<Row[]> {
  const res = (await db.execute(query)) as unknown as { rows: Row[] };
  return res.rows;
}

const toOrder = (r: Row): OpenOrder => ({
  id: Number(r.id),
  order_number: formatOrderNumber(Number(r.id)),
  status: Number(r.status),
  customer: { name: `${r.first_name} ${r.last_name}`.trim() || r.email, email: r.email },
  trip_start: r.trip_start,
  trip_label: r.trip_label,
  deadline: r.deadline,
  total_price: Number(r.total_price),
  total_payments: Number(r.paid),
  amount_open: Number(r.amount_open),
  last_reminder:
    r.reminder_type === null || r.reminder_at === null
      ? null
      : {
          type: Number(r.reminder_type),
          label: PAYMENT_STEPS[Number(r.reminder_type) as keyof typeof PAYMENT_STEPS] ?? '',
          created_at: new Date(r.reminder_at).toISOString(),
        },
});

const totalsOf = (rows: Row[]) => ({
  orders: Number(rows[0]?.matching ?? 0),
  total_price: Number(rows[0]?.sum_total ?? 0),
  total_payments: Number(rows[0]?.sum_paid ?? 0),
  amount_open: Number(rows[0]?.sum_open ?? 0),
});

/** The trips with open orders (for the trip filter), soonest first. */
async function openTrips(db: DbOrTx, today: string) {
  const all = await rowsOf(db, openOrdersSql({ sort: 'departure', dir: 'asc' }, EXPORT_LIMIT, today));
  const trips = new Map<string, { start_date: string; label: string; orders: number }>();
  for (const r of all) {
    if (!r.trip_start) continue;
    const t = trips.get(r.trip_start) ?? { start_date: r.trip_start, label: `${r.trip_label ?? 'Reis'} (${formatDate(r.trip_start)})`, orders: 0 };
    t.orders++;
    trips.set(r.trip_start, t);
  }
  return [...trips.values()];
}

/** GET /api/admin/orders/open */
export async function openOrders(ctx: Ctx, q: OpenOrdersQuery): Promise<OpenOrders> {
  const today = dutchToday();
  const [rows, trips] = await Promise.all([rowsOf(ctx.db, openOrdersSql(q, OPEN_LIST_LIMIT, today)), openTrips(ctx.db, today)]);
  const totals = totalsOf(rows);
  return { orders: rows.map(toOrder), totals, truncated: totals.orders > rows.length, trips };
}

// ---- Exports ----

export const OPEN_COLUMNS = [
  'Bestelnummer',
  'Status',
  'Klant',
  'E-mail',
  'Reis',
  'Vertrek',
  'Betaaltermijn',
  'Totaal',
  'Betaald',
  'Open',
  'Laatste herinnering',
];

const statusLabel = (s: number) => (s === OrderStatus.LEAD ? 'Lead' : (orderStatusLabels[s as OrderStatus] ?? String(s)));
const reminderText = (o: OpenOrder) => (o.last_reminder ? `${o.last_reminder.label} (${formatDate(o.last_reminder.created_at)})` : '');

export interface OpenExport {
  filename: string;
  contentType: string;
  body: Buffer | string;
}

type OpenTotals = ReturnType<typeof totalsOf>;

/** The open orders as CSV, with a totals line. */
function openOrdersCsv(orders: OpenOrder[], totals: OpenTotals): string {
  const lines = orders.map((o) => [
    o.order_number,
    statusLabel(o.status),
    o.customer.name,
    o.customer.email,
    o.trip_label ?? '',
    formatDate(o.trip_start),
    formatDate(o.deadline),
    csvEuros(o.total_price),
    csvEuros(o.total_payments),
    csvEuros(o.amount_open),
    reminderText(o),
  ]);
  lines.push([
    'Totaal',
    `${totals.orders} bestellingen`,
    '',
    '',
    '',
    '',
    '',
    csvEuros(totals.total_price),
    csvEuros(totals.total_payments),
    csvEuros(totals.amount_open),
    '',
  ]);
  return toCsv(OPEN_COLUMNS, lines);
}

/** The open orders as a sheet: dates as dates, money in euros, a bold totals row. */
async function openOrdersXlsx(orders: OpenOrder[], totals: OpenTotals): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Umrah Reizen';
  const ws = wb.addWorksheet('Openstaand', { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = [14, 14, 26, 30, 28, 12, 14, 12, 12, 12, 28];
  ws.columns = OPEN_COLUMNS.map((header, i) => ({ header, width: widths[i], style: i >= 7 && i <= 9 ? { numFmt: '#,##0.00' } : {} }));
  ws.getRow(1).font = { bold: true };
  const day = (ymd: string | null) => (ymd ? new Date(`${ymd}T00:00:00Z`) : null);
  // Text cells stay text (exceljs never writes a string as a formula); money is a number in euros.
  for (const o of orders) {
    const row = ws.addRow([
      o.order_number,
      statusLabel(o.status),
      o.customer.name,
      o.customer.email,
      o.trip_label ?? '',
      day(o.trip_start),
      day(o.deadline),
      o.total_price / 100,
      o.total_payments / 100,
      o.amount_open / 100,
      reminderText(o),
    ]);
    row.getCell(6).numFmt = 'dd-mm-yyyy';
    row.getCell(7).numFmt = 'dd-mm-yyyy';
  }
  const total = ws.addRow([
    'Totaal',
    `${totals.orders} bestellingen`,
    '',
    '',
    '',
    null,
    null,
    totals.total_price / 100,
    totals.total_payments / 100,
    totals.amount_open / 100,
    '',
  ]);
  total.font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** GET /api/admin/orders/open.{xlsx,csv}: every matching order (no screen limit); audited like the other exports. */
export async function exportOpenOrders(
  ctx: Ctx,
  actor: UserRow,
  q: OpenOrdersQuery,
  format: 'xlsx' | 'csv',
  actingAdminId?: number,
): Promise<OpenExport> {
  const today = dutchToday();
  const rows = await rowsOf(ctx.db, openOrdersSql(q, EXPORT_LIMIT, today));
  await ctx.db.insert(auditLog).values({
    actorUserId: actingAdminId ?? actor.id,
    actorEmail: actor.email,
    action: 'export.open_orders',
    details: { format, trip: q.trip ?? null, status: q.status ?? null, within: q.within ?? null, orders: rows.length },
  });
  const orders = rows.map(toOrder);
  const totals = totalsOf(rows);
  const filename = `openstaand_${today}.${format}`;
  if (format === 'csv') return { filename, contentType: CSV_CONTENT_TYPE, body: openOrdersCsv(orders, totals) };
  return {
    filename,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: await openOrdersXlsx(orders, totals),
  };
}
