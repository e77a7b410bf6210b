import { sql } from 'drizzle-orm';
import type {
  ArticleStoredFlex,
  GuestStoredFlex,
  OrderLineStoredFlex,
  OrderStoredFlex,
  PlainStoredFlex,
  ProductStoredFlex,
  RoomStoredFlex,
  TransactionStoredFlex,
} from '@umrah/domain/stored-flex';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

// Money columns are integer cents. Dates without time are 'YYYY-MM-DD' strings.
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** A required reference to the row this one belongs to: deleted with it (ON DELETE CASCADE). */
const partOf = (column: string, target: () => AnyPgColumn) => integer(column).notNull().references(target, { onDelete: 'cascade' });
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    nationality: text('nationality').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    address: text('address').notNull().default(''),
    zip: text('zip').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    role: integer('role').notNull().default(0),
    /** Failed logins in a row; past a threshold the account waits until locked_until. */
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_last_name_idx').on(t.lastName),
    // Trigram indexes for the admin searches (ILIKE '%…%' on these columns, bench/admin.ts); pg_trgm
    // is loaded on PGlite too (db/index.ts). A term under 3 characters cannot use them.
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_first_name_trgm_idx').using('gin', t.firstName.op('gin_trgm_ops')),
    index('users_last_name_trgm_idx').using('gin', t.lastName.op('gin_trgm_ops')),
    index('users_full_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index('users_phone_trgm_idx').using('gin', t.phoneNumber.op('gin_trgm_ops')),
    index('users_zip_trgm_idx').using('gin', t.zip.op('gin_trgm_ops')),
    // The database holds the same limits as the forms (domain TEXT_MAX): no row, however written,
    // can make a PDF, a mail or a page work on megabytes of one name.
    check(
      'users_text_lengths',
      sql`char_length(${t.email}) <= 254 and char_length(${t.firstName}) <= 100 and char_length(${t.lastName}) <= 100
        and char_length(${t.nationality}) <= 100 and char_length(${t.phoneNumber}) <= 50 and char_length(${t.address}) <= 200
        and char_length(${t.zip}) <= 50 and char_length(${t.city}) <= 100 and char_length(${t.country}) <= 100`,
    ),
  ],
);

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userId: partOf('user_id', () => users.id),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * A login session: every token names one (sid). Logout, a password reset or an admin's 'log out
 * everywhere' revoke it; a refresh is allowed only until expires_at (the maximum session age).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: partOf('user_id', () => users.id),
    /** The admin who logged in as this user (login_by_mail), else null. */
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Who did what to whom, for actions that need an answer later (impersonation, passport downloads). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

/**
 * Rate-limit counters shared by every API process (@fastify/rate-limit store): one row per route
 * and client key, counting within a window that restarts once reset_at has passed.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_idx').on(t.resetAt)],
);

/** Captcha solutions already used (by hash), in every API process, until the challenge expires. */
export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    hash: text('hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_solutions_expires_idx').on(t.expiresAt)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    type: integer('type').notNull(),
    label: text('label').notNull(),
    description: text('description').notNull().default(''),
    start: date('start', { mode: 'string' }),
    end: date('end', { mode: 'string' }),
    paymentDeadline: date('payment_deadline', { mode: 'string' }),
    stock: integer('stock').notNull().default(0),
    price: integer('price').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    region: text('region').notNull().default('NL'),
    currency: text('currency').notNull().default('EUR'),
    flex: jsonb('flex').$type<ProductStoredFlex>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('products_region_start_idx').on(t.region, t.start)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: integer('status').notNull().default(1),
    totalPrice: integer('total_price').notNull().default(0),
    flex: jsonb('flex').$type<OrderStoredFlex>().notNull().default({}),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    /** The Idempotency-Key the order was placed with (infra/http/idempotency.ts): one order per key and customer. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId),
    index('orders_status_idx').on(t.status),
    uniqueIndex('orders_user_idempotency_key_unique')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    orderId: partOf('order_id', () => orders.id),
    /** The trip (start/end) this room belongs to: the adult product of the room's size. */
    productId: integer('product_id').references(() => products.id),
    roomType: integer('room_type').notNull(),
    maxGuests: integer('max_guests').notNull(),
    roomGender: integer('room_gender').notNull(),
    exclusive: boolean('exclusive').notNull().default(false),
    flex: jsonb('flex').$type<RoomStoredFlex>().notNull().default({}),
  },
  (t) => [index('rooms_order_idx').on(t.orderId), index('rooms_product_idx').on(t.productId)],
);

export const guests = pgTable(
  'guests',
  {
    id: serial('id').primaryKey(),
    orderId: partOf('order_id', () => orders.id),
    roomId: partOf('room_id', () => rooms.id),
    productId: integer('product_id').references(() => products.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    ageCategory: integer('age_category').notNull(),
    gender: integer('gender'),
    europeanPassport: boolean('european_passport').notNull().default(true),
    bedIncluded: boolean('bed_included').notNull().default(true),
    flex: jsonb('flex').$type<GuestStoredFlex>().notNull().default({}),
  },
  (t) => [
    check('guests_name_lengths', sql`char_length(${t.firstName}) <= 100 and char_length(${t.lastName}) <= 100`),
    // An order's guests are read with every order list page and order view.
    index('guests_order_idx').on(t.orderId),
    index('guests_room_idx').on(t.roomId),
  ],
);

/** Priced lines of an order, with the unit price taken from the database at order time. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: partOf('order_id', () => orders.id),
    productId: integer('product_id').references(() => products.id),
    guestId: integer('guest_id').references(() => guests.id, { onDelete: 'set null' }),
    label: text('label').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitPrice: integer('unit_price').notNull(),
    flex: jsonb('flex').$type<OrderLineStoredFlex>().notNull().default({}),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

export const crowdfunds = pgTable('crowdfunds', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  description: text('description').notNull().default(''),
  goalAmount: integer('goal_amount').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  flex: jsonb('flex').$type<PlainStoredFlex>().notNull().default({}),
  createdAt: createdAt(),
});

export const orderCrowdfunds = pgTable('order_crowdfunds', {
  id: serial('id').primaryKey(),
  orderId: partOf('order_id', () => orders.id),
  crowdfundId: integer('crowdfund_id')
    .notNull()
    .references(() => crowdfunds.id),
  fundingAmount: integer('funding_amount').notNull(),
});

export const invoices = pgTable('invoices', {
  id: serial('id').primaryKey(),
  type: integer('type').notNull().default(0),
  expireDate: date('expire_date', { mode: 'string' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  status: integer('status').notNull().default(0),
  token: text('token').notNull().unique(),
  flex: jsonb('flex').$type<PlainStoredFlex>().notNull().default({}),
  createdAt: createdAt(),
});

/**
 * Invoices and credit notes of orders as issued (docs/INVOICES.md): one row per document, never
 * changed after its insert. The snapshot holds what the PDF prints (company, customer, lines,
 * payments as they were); the PDF renders from it, never from the order of today.
 */
export const issuedInvoices = pgTable(
  'issued_invoices',
  {
    id: serial('id').primaryKey(),
    /** No cascade: an issued invoice is kept (7 years) whatever happens to the order. */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind').$type<'invoice' | 'credit_note'>().notNull(),
    /** The order's n-th invoice; a credit note carries the version of the invoice it credits. */
    version: integer('version').notNull(),
    /** 'FCU2{id}' (a later version 'FCU2{id}-{n}'); a credit note the invoice's number + '-C'. */
    number: text('number').notNull(),
    creditsId: integer('credits_id').references((): AnyPgColumn => issuedInvoices.id),
    /** cents incl. VAT, negative on a credit note */
    total: integer('total').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    snapshot: jsonb('snapshot').notNull(),
  },
  (t) => [
    uniqueIndex('issued_invoices_order_kind_version').on(t.orderId, t.kind, t.version),
    uniqueIndex('issued_invoices_number').on(t.number),
    uniqueIndex('issued_invoices_credits').on(t.creditsId),
    index('issued_invoices_issued_at').on(t.issuedAt),
    check('issued_invoices_kind', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('issued_invoices_version', sql`${t.version} >= 1`),
    check('issued_invoices_number_length', sql`char_length(${t.number}) <= 40`),
  ],
);

export const invoiceItems = pgTable('invoice_items', {
  id: serial('id').primaryKey(),
  invoiceId: partOf('invoice_id', () => invoices.id),
  label: text('label').notNull(),
  amountInCents: integer('amount_in_cents').notNull(),
  amount: integer('amount').notNull().default(1),
  btwType: integer('btw_type').notNull().default(21),
  type: integer('type').notNull().default(0),
  flex: jsonb('flex').$type<PlainStoredFlex>().notNull().default({}),
});

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    paymentType: integer('payment_type').notNull(),
    amount: integer('amount').notNull(),
    /** The provider's transaction id; unique so a replayed webhook cannot book twice. */
    providerRef: text('provider_ref'),
    flex: jsonb('flex').$type<PlainStoredFlex>().notNull().default({}),
    /**
     * For the office (docs/MONEY.md): 'order_changed' when the order changed after this payment started
     * (booked, did not move the status), 'refund_due' when it came in for a cancelled order.
     */
    review: text('review'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_unique').on(t.providerRef),
    index('payments_order_idx').on(t.orderId),
    index('payments_review_idx')
      .on(t.review)
      .where(sql`${t.review} is not null`),
    check('payments_review', sql`${t.review} in ('order_changed', 'refund_due')`),
  ],
);

/** Payment attempts at the provider, prepared before the browser is sent there. */
export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull().unique(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    percent: integer('percent').notNull().default(100),
    status: text('status').notNull().default('open'),
    flex: jsonb('flex').$type<TransactionStoredFlex>().notNull().default({}),
    /** The order (its lines and total) as it was when this payment started (domain orderFingerprint). */
    orderFingerprint: text('order_fingerprint'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Every payment start reads its order's (or quote's) recent payments: without these it read the
  // whole table (bench/orders.ts: the database's time per order grew with the table).
  (t) => [
    index('transactions_order_idx').on(t.orderId),
    index('transactions_invoice_idx').on(t.invoiceId),
    check('transactions_order_fingerprint_length', sql`char_length(${t.orderFingerprint}) <= 64`),
  ],
);

/**
 * The built-in payment simulator plays the provider's side: its hosted payments live here (not in
 * memory) so any API process can serve the page, the status call and the exchange.
 */
export const simulatorPayments = pgTable('simulator_payments', {
  id: text('id').primaryKey(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull().default('EUR'),
  description: text('description').notNull(),
  reference: text('reference').notNull(),
  returnUrl: text('return_url').notNull(),
  exchangeUrl: text('exchange_url').notNull(),
  /** open → paid | cancelled | failed | expired */
  status: text('status').notNull().default('open'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const vouchers = pgTable('vouchers', {
  id: serial('id').primaryKey(),
  label: text('label').notNull().unique(),
  amount: integer('amount').notNull(),
  expireDate: timestamp('expire_date', { withTimezone: true }),
  active: boolean('active').notNull().default(true),
  flex: jsonb('flex').$type<PlainStoredFlex>().notNull().default({}),
  createdAt: createdAt(),
});

/**
 * A guest's visa data. Passport number, dates and birth place are sealed together (AES-256-GCM,
 * infra/crypto) in `sealed`; the photo lives encrypted in the file store under `photo_key`.
 */
export const visaDocuments = pgTable(
  'visa_documents',
  {
    id: serial('id').primaryKey(),
    guestId: partOf('guest_id', () => guests.id),
    orderId: partOf('order_id', () => orders.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: integer('gender').notNull(),
    /** ISO 3166-1 alpha-2 codes. */
    nationality: text('nationality').notNull(),
    cityOfCountry: text('city_of_country').notNull(),
    /** Ciphertext envelope of {date_of_birth, city_of_birth, passport_number, passport_creation_date, passport_expires}. */
    sealed: text('sealed').notNull(),
    /** Which key sealed it, so a rotation can find what is left to re-encrypt. */
    keyId: text('key_id').notNull(),
    photoKey: text('photo_key'),
    submittedByUserId: integer('submitted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('visa_documents_guest_unique').on(t.guestId), index('visa_documents_order_idx').on(t.orderId)],
);

export const articleCategories = pgTable('article_categories', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  flex: jsonb('flex').$type<PlainStoredFlex>().notNull().default({}),
});

export const articles = pgTable('articles', {
  id: serial('id').primaryKey(),
  type: integer('type').notNull().default(0),
  label: text('label').notNull(),
  description: text('description').notNull().default(''),
  html: text('html').notNull().default(''),
  img: text('img'),
  flex: jsonb('flex').$type<ArticleStoredFlex>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const articleCategoryLinks = pgTable(
  'article_category_links',
  {
    articleId: partOf('article_id', () => articles.id),
    categoryId: partOf('category_id', () => articleCategories.id),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.categoryId] })],
);

export const mergedRoomVersions = pgTable('merged_room_versions', {
  id: serial('id').primaryKey(),
  version: integer('version').notNull(),
  existingId: integer('existing_id'),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  guests: jsonb('guests').notNull().default([]),
  rooms: jsonb('rooms').notNull().default([]),
  maxGuests: integer('max_guests').notNull(),
  createdAt: createdAt(),
});

export const orderLogs = pgTable(
  'order_logs',
  {
    id: serial('id').primaryKey(),
    orderId: partOf('order_id', () => orders.id),
    type: integer('type').notNull(),
    message: text('message').notNull(),
    userExecutedMail: text('user_executed_mail'),
    createdAt: createdAt(),
  },
  (t) => [index('order_logs_order_idx').on(t.orderId)],
);

/**
 * Automatic reminder steps the scheduler has handled, one row per order, kind and step. The unique
 * key is what makes a step happen at most once: several API processes (or a restart mid-run) may
 * try the same step, and only the insert that wins queues the mail.
 */
export const reminderSteps = pgTable(
  'reminder_steps',
  {
    id: serial('id').primaryKey(),
    orderId: partOf('order_id', () => orders.id),
    /** 'payment' (before the payment deadline) or 'documents' (before departure). */
    kind: text('kind').notNull(),
    /** The plan's step: this many days before the deadline or departure. */
    daysBefore: integer('days_before').notNull(),
    /** 'sent', or 'skipped' when a later step was already due (an order placed late). */
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reminder_steps_unique').on(t.orderId, t.kind, t.daysBefore)],
);

export const teamMembers = pgTable('team_members', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  role: text('role').notNull(),
  /** 'male' (Broeders) or 'female' (Zusters), the about page filter. */
  type: text('type').notNull(),
  bio: text('bio').notNull().default(''),
  img: text('img'),
  position: integer('position').notNull().default(0),
});

/** Mails are written here in the same transaction as what causes them, and sent by the worker. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Where an answer goes when it is not the sender (the contact form: the visitor). */
    replyTo: text('reply_to'),
    attachments: jsonb('attachments').notNull().default([]),
    /** pending → sent | failed; 'kept' when no SMTP is configured (readable in the admin area). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * Leads (the Morocco and 'Umrah op maat' request forms): every 'Umrah op maat' and Morocco
 * request is kept here, so none lives only in a mailbox. The form's fields are jsonb (validated by
 * the domain schemas); staff follow up with status open → contacted → converted and a note.
 */
export const requests = pgTable(
  'requests',
  {
    id: serial('id').primaryKey(),
    /** 'custom' (Umrah op maat, POST contact/individual) | 'morocco' (POST contact/individual_hadj). */
    kind: text('kind').notNull(),
    email: text('email').notNull(),
    fields: jsonb('fields').notNull().default({}),
    status: text('status').notNull().default('open'),
    note: text('note').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('requests_status_created_idx').on(t.status, t.createdAt),
    check('requests_kind', sql`${t.kind} in ('custom', 'morocco')`),
    check('requests_status', sql`${t.status} in ('open', 'contacted', 'converted')`),
    check('requests_text_lengths', sql`char_length(${t.email}) <= 254 and char_length(${t.note}) <= 5000`),
  ],
);

/**
 * Answers of idempotent writes (infra/http/idempotency.ts): per caller (`scope`, a hash of the user id,
 * or of the route and client address) and Idempotency-Key, the request's hash and, once answered,
 * its status and body. In flight while status_code is null, held by its request until locked_until.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
    check('idempotency_keys_lengths', sql`char_length(${t.scope}) <= 100 and char_length(${t.key}) <= 100`),
  ],
);

export const nowSql = sql`now()`;

/**
 * The waiting list of a sold-out room type (docs/WAITLIST.md): a customer waits for `persons` places of one
 * product (a trip's room of one size). When places come back the first entry that fits is 'held':
 * its places are taken from the product's stock (as an order's) until `held_until`, and the order
 * the customer then places uses them ('booked'). An unused hold lapses and its places go to the next.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    userId: partOf('user_id', () => users.id),
    productId: partOf('product_id', () => products.id),
    persons: integer('persons').notNull(),
    /** Queue order within the product: lower first; staff may move an entry. */
    position: integer('position').notNull(),
    status: text('status').notNull().default('waiting'),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('waitlist_entries_status', sql`${t.status} in ('waiting', 'held', 'booked', 'lapsed')`),
    check('waitlist_entries_persons', sql`${t.persons} between 1 and 12`),
    index('waitlist_entries_product_idx').on(t.productId, t.status, t.position),
    index('waitlist_entries_user_idx').on(t.userId),
    // One active entry per customer and room type.
    uniqueIndex('waitlist_entries_active_unique')
      .on(t.userId, t.productId)
      .where(sql`${t.status} in ('waiting', 'held')`),
  ],
);

/** A trip's practical details for 'Mijn reis' (one row per trip, a trip being named by its start day). */
export const tripDetails = pgTable(
  'trip_details',
  {
    startDate: date('start_date', { mode: 'string' }).primaryKey(),
    flight: text('flight').notNull().default(''),
    meetingPoint: text('meeting_point').notNull().default(''),
    leaderName: text('leader_name').notNull().default(''),
    leaderPhone: text('leader_phone').notNull().default(''),
    programme: text('programme').notNull().default(''),
    updatedBy: text('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'trip_details_lengths',
      sql`char_length(${t.flight}) <= 1000 and char_length(${t.meetingPoint}) <= 1000 and char_length(${t.leaderName}) <= 100 and char_length(${t.leaderPhone}) <= 50 and char_length(${t.programme}) <= 5000`,
    ),
  ],
);

/** The visa (PDF) staff upload per guest, sealed in the file store under `file_key` like the passport photos. */
export const guestVisaFiles = pgTable(
  'guest_visa_files',
  {
    guestId: integer('guest_id')
      .primaryKey()
      .references(() => guests.id, { onDelete: 'cascade' }),
    orderId: partOf('order_id', () => orders.id),
    fileKey: text('file_key').notNull(),
    size: integer('size').notNull(),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('guest_visa_files_order_idx').on(t.orderId)],
);
