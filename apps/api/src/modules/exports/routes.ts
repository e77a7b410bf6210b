import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXPORT_FORMATS, EXPORT_KINDS, exportRangeSchema } from '@umrah/domain/validation/exports';
import { currentUser } from '../../lib/auth.ts';
import { limit, requireStaff, security } from '../../lib/routes.ts';
import { startExport } from './service.ts';

const tags = ['exports'];

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each export reads up to two years of rows: a handful per minute is plenty for a person.
  // Spreadsheets are built while streaming: heavy work, shared out per user (infra/http/fair-share.ts).
  const config = { ...limit(30), heavyWork: true };
  for (const kind of EXPORT_KINDS) {
    for (const format of EXPORT_FORMATS) {
      app.get(
        `/api/admin/exports/${kind}.${format}`,
        {
          schema: {
            tags,
            security,
            summary: `${kind === 'payments' ? 'Betalingen' : 'Offertes en facturen'} van een periode als ${format.toUpperCase()} (admin en boekhouder)`,
            description:
              'from en to als JJJJ-MM-DD (dagen in Europe/Amsterdam, beide inbegrepen; from ≤ to; hoogstens 2 jaar). ' +
              'CSV: UTF-8 met BOM, scheidingsteken ";" en decimale komma (zoals Nederlandse Excel het opent); tekst die met = + - @ begint krijgt een \' ervoor. ' +
              'XLSX: bedragen als getallen met twee decimalen, datums als datum. Elke export komt in het audit-log (wie, wanneer, welke periode). ' +
              'Btw: 21 % op reizen (excl = incl / 121 × 100), 0 % op donaties, bij offertes het tarief per regel.',
            querystring: exportRangeSchema,
          },
          onRequest: requireStaff,
          config,
        },
        async (req, reply) => {
          const file = await startExport(app.ctx, currentUser(req), kind, format, req.query, req.actingAdminId);
          file.done.catch((err: unknown) => req.log.error({ err }, `export ${kind}.${format} failed while streaming`));
          return reply
            .header('content-type', file.contentType)
            .header('content-disposition', `attachment; filename="${file.filename}"`)
            .header('cache-control', 'no-store')
            .send(file.body);
        },
      );
    }
  }
};
