// What the shop writes to its log: one access line per request, and no personal data in any line.
// Three layers, because personal data reaches a log line in three ways: as a field of a logged object
// (pino's `redact` for the known paths, and a deep scrub of every key below), inside an error (a
// database error's message and stack carry the query's parameters, its `detail` the row's values:
// errors are rebuilt from a short list of safe fields), and inside a message text (e-mail addresses).
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

export const REDACTED = '[redacted]';

/**
 * Keys whose values are personal data or secrets, compared lowercased without '_' and '-': the fields
 * of users, guests, visa documents, requests and mails, in both the database's and the API's spelling.
 */
const PERSONAL_KEYS = new Set(
  [
    'email',
    'to',
    'replyTo',
    'from',
    'name',
    'firstName',
    'lastName',
    'fullName',
    'dateOfBirth',
    'birthDate',
    'cityOfBirth',
    'cityOfCountry',
    'gender',
    'nationality',
    'phone',
    'phoneNumber',
    'address',
    'street',
    'zip',
    'postcode',
    'city',
    'country',
    'passport',
    'passportNumber',
    'passportCreationDate',
    'passportExpires',
    'documents',
    'sealed',
    'photo',
    'message',
    'note',
    // An order line's label names its guest ('… volwassene: <name>').
    'label',
    'text',
    'html',
    'subject',
    'password',
    'passwordHash',
    'passwordConfirmation',
    'token',
    'authorization',
    'cookie',
    'iban',
    'actorEmail',
    'userExecutedMail',
    'params',
    'parameters',
    'detail',
  ].map((k) => k.toLowerCase()),
);
const normalise = (key: string) => key.replace(/[_-]/g, '').toLowerCase();

/** pino's own redaction, on the paths it can name (top level and one level down). */
const REDACT_FIELDS = [
  'email',
  'first_name',
  'firstName',
  'last_name',
  'lastName',
  'date_of_birth',
  'dateOfBirth',
  'phone_number',
  'phoneNumber',
  'address',
  'zip',
  'city',
  'nationality',
  'passport_number',
  'passportNumber',
  'city_of_birth',
  'password',
  'token',
  'to',
  'text',
  'html',
];
export const REDACT_PATHS = [
  ...REDACT_FIELDS,
  ...REDACT_FIELDS.map((f) => `*.${f}`),
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
];

// No '/' on either side: a stack's path to a scoped package (node_modules/@fastify/…) is no address.
const EMAIL = /[^\s@<>"'(),;:/]+@[^\s@<>"'(),;:/]+\.[a-z]{2,}/gi;

/** A text without e-mail addresses and without the parameter list of a failed query. */
export function scrubText(text: string): string {
  return (
    text
      // drizzle: 'Failed query: <sql>\nparams: <values>' (also in the stack, which starts with the message).
      .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, '\nparams: [redacted]')
      .replace(EMAIL, '[email]')
  );
}

/** The fields of an error that describe it without carrying the row it was about. */
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'routine', 'table', 'column', 'constraint', 'schema', 'validationContext'];

/** pino's error serializer, rebuilt from safe fields only (with the cause chain). */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) && !(err && typeof err === 'object' && 'message' in err)) return err;
  const e = err as Error & Record<string, unknown>;
  const out: Record<string, unknown> = {
    // A second pass (the formatter already rebuilt it) keeps the first pass's type.
    type: typeof e.type === 'string' ? e.type : (e.constructor?.name ?? e.name),
    message: scrubText(String(e.message ?? '')),
    stack: e.stack ? scrubText(String(e.stack)) : undefined,
  };
  for (const key of SAFE_ERROR_FIELDS) if (e[key] !== undefined && typeof e[key] !== 'object') out[key] = e[key];
  if (e.cause && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Every personal field of a logged object, at any depth, replaced (errors go to serializeError). */
export function scrubObject(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'string' ? scrubText(value) : value;
  if (value instanceof Error) return serializeError(value);
  if (seen.has(value) || depth > 8) return '[…]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => scrubObject(v, depth + 1, seen));
  if (Buffer.isBuffer(value) || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = PERSONAL_KEYS.has(normalise(key)) && v !== null && v !== undefined ? REDACTED : scrubObject(v, depth + 1, seen);
  }
  return out;
}

/** Fastify's logger options: level, redaction, the safe error serializer, and an optional stream. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (level === 'silent' && !stream) return false;
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { err: serializeError as never, error: serializeError as never },
    formatters: {
      // Runs on every line's fields before they are written; the access line's few fields pass as they are.
      log: (object) => scrubObject(object) as Record<string, unknown>,
    },
    hooks: {
      // A message text may name someone too: `log.error('no mail for a@b.nl')`.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        // `log.error(err)`: pino would take the message from the error as it is (with a query's values).
        if (first instanceof Error && typeof rest[0] !== 'string') {
          return method.apply(this, [{ err: first }, scrubText(first.message), ...rest] as Parameters<typeof method>);
        }
        method.apply(this, args.map((a) => (typeof a === 'string' ? scrubText(a) : a)) as Parameters<typeof method>);
      },
    },
    ...(stream ? { stream } : {}),
  };
}

/**
 * One line per request when it is answered: request id, method, the route's pattern (never the
 * path itself, which may hold a token, and never the query or body), status and duration.
 */
export function addAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? '*',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
}
