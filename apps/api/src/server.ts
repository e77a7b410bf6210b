import { buildApp } from './app.ts';
import { assertCompanyConfigured, loadConfig } from './config.ts';

// Production refuses the demo company details before anything starts (DEMO=1 allows them).
assertCompanyConfigured(loadConfig());

const app = await buildApp({ announceSeed: true });
const { port, host, publicUrl } = app.ctx.config;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
await app.listen({ port, host });
app.log.info(`Webshop en API draaien op ${publicUrl} (API-documentatie: ${publicUrl}/api/docs)`);
