import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Mantine sets inline styles; the ALTCHA widget solves in a blob worker.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * Helmet's headers, worked out once. They are the same for every response (no nonces), and running
 * helmet per request more than halved the catalog's throughput.
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet({ contentSecurityPolicy: { directives: CSP_DIRECTIVES } })({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return headers;
}

/** What a JSON answer needs: CSP and friends only govern documents, so they stay off the hot API path. */
const API_HEADER_NAMES = ['x-content-type-options', 'cross-origin-resource-policy', 'x-frame-options', 'referrer-policy'];

/** The headers of a document (HTML, SVG) and those of anything else (JSON, scripts, styles, images). */
export function securityHeaderSets(): { document: Record<string, string>; other: Record<string, string> } {
  const document = securityHeaders();
  return { document, other: Object.fromEntries(API_HEADER_NAMES.map((name) => [name, document[name]!])) };
}

export function addSecurityHeaders(app: FastifyInstance) {
  const { document: page, other: api } = securityHeaderSets();
  app.addHook('onSend', (_req, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const isJson = typeof type === 'string' && type.startsWith('application/json');
    reply.headers(isJson ? api : page);
    done(null, payload);
  });
}
