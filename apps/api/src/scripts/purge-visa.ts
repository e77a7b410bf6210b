import { parseArgs } from 'node:util';
import { purgeExpiredVisaData } from '../modules/visa/retention.ts';
import { openVisaContext } from './visa-context.ts';

// npm run visa:purge [-- --days N]: deletes the visa data and photos of trips that ended more than
// N days ago (default VISA_RETENTION_DAYS, 30). The server also does this once a day by itself.

const { values } = parseArgs({ options: { days: { type: 'string' } } });
const { ctx, close } = await openVisaContext();
try {
  const days = values.days !== undefined ? Number(values.days) : ctx.config.visaRetentionDays;
  if (!Number.isInteger(days) || days < 0) throw new Error('--days must be a whole number of days (0 or more)');
  const result = await purgeExpiredVisaData(ctx, { days });
  if (result.skipped) {
    console.log('Another process is purging right now; nothing done.');
  } else {
    console.log(`Trips that ended before ${result.cutoff}: visa data of ${result.total} guest(s) deleted.`);
    for (const o of result.orders) console.log(`  order ${o.order_id}: ${o.count}`);
    if (result.failedFiles) console.log(`  ${result.failedFiles} photo file(s) could not be deleted (see the file store).`);
  }
} finally {
  await close();
}
