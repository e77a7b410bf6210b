import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseInUseError } from './db/index.ts';
import { serializeError } from './infra/http/logging.ts';

// Every configuration problem in one message (no stack trace), before anything starts: production
// also refuses the demo company details, the demo data and a missing mail server or https address.
try {
  loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}

/**
 * A crash prints the error the way the log does (serializeError): a database error's message, stack
 * and fields would otherwise carry the row it was about (a guest's name, an e-mail address).
 */
const crash = (err: unknown): never => {
  console.error(err instanceof DatabaseInUseError ? err.message : JSON.stringify(serializeError(err)));
  process.exit(1);
};
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);

// A second process on one PGlite folder gets the clear message, not a stack trace.
const app = await buildApp({ announceSeed: true }).catch(crash);
const { port, host, publicUrl, shutdownTimeoutMs } = app.ctx.config;

/**
 * SIGTERM/SIGINT: stop accepting, let requests in flight finish (idle keep-alive connections are
 * closed at once, see forceCloseConnections, and each busy one as soon as it is answered), close the
 * database; a client that stalls cannot hold the process longer than SHUTDOWN_TIMEOUT_MS.
 */
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.warn({ timeoutMs: shutdownTimeoutMs }, 'shutdown deadline reached: closing the remaining connections');
      app.server.closeAllConnections();
      process.exit(1);
    }, shutdownTimeoutMs);
    deadline.unref();
    // A keep-alive connection whose request was in flight turns idle once answered: close it then,
    // or the server would wait for the client to hang up (Fastify closes idle ones only once, at the start).
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error(err, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
await app.listen({ port, host });
app.log.info(`Webshop en API draaien op ${publicUrl} (API-documentatie: ${publicUrl}/api/docs)`);
