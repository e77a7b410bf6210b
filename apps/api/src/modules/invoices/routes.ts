import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOCUMENT_MSG,
  INVOICE_MSG,
  MSG,
  ORDER_DOCUMENTS,
  Role,
  invoiceSchema,
  invoiceTokenSchema,
  type OrderDocumentKind,
  invoicesQuery,
} from '@umrah/domain';
import { acceptFormBodies, paymentProvider } from '../../infra/payments/index.ts';
import { closePdfPool } from '../../infra/pdf/index.ts';
import {
  invoiceAnswerContract,
  invoiceSavedContract,
  invoicesPageContract,
  issuedDocumentsPageContract,
  ownInvoicesContract,
  pdfDownloadContract,
  transactionAnswer,
} from '@umrah/domain/contracts';
import { currentUser } from '../../lib/auth.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { guardedRoutes, idParams, idParamsSchema, limit, type RouteApp } from '../../lib/routes.ts';
import { invoiceDocument, invoiceDownPaymentDocument, orderDocument } from './documents.ts';
import { issuedById, issuedPage, renderIssued } from './issued.ts';
import { processInvoiceExchange, startInvoicePayment, syncInvoiceTransactions } from './payment.ts';
import * as service from './service.ts';

const tags = ['invoices'];
const { adminOnly, signedIn, staffOnly } = guardedRoutes(tags);
const invoiceParams = idParams(INVOICE_MSG.notFound);
const orderParams = idParams(DOCUMENT_MSG.orderNotFound);
const pdfAnswer = pdfDownloadContract;
const ISSUED_NOT_FOUND = DOCUMENT_MSG.issuedNotFound;

/** The office's quotes and invoices: made, changed, listed, and the issued documents. */
function invoiceAdminRoutes(app: RouteApp): void {
  app.post(
    '/api/invoice',
    adminOnly({
      summary: 'Offerte (type 0) of factuur (type 1) aanmaken voor een klant (admin)',
      description:
        'Bedragen per stuk in centen incl. btw (btw_type 21, 9 of 0); totaal onder € 50.000. 201 { message, invoice } met het token van de openbare pagina /offerte/{token}.',
      body: invoiceSchema,
      response: { 201: invoiceSavedContract },
    }),
    async (req, reply) => {
      const invoice = await service.createInvoice(app.ctx, currentUser(req), req.body);
      return reply.status(201).send({ status: 'success', message: INVOICE_MSG.created(invoice.type, req.body.user_id), invoice });
    },
  );

  app.post(
    '/api/invoice/:id',
    adminOnly({
      summary: 'Offerte wijzigen (admin); niet meer zodra er op betaald is (409)',
      params: invoiceParams,
      body: invoiceSchema,
      response: { 200: invoiceSavedContract },
    }),
    async (req) => ({
      status: 'success',
      message: INVOICE_MSG.updated,
      invoice: await service.updateInvoice(app.ctx, req.params.id, req.body),
    }),
  );

  app.get(
    '/api/invoices/admin',
    // Reading is for staff: the bookkeeper sees quotes and invoices read-only (docs/RULES.md, 'Roles').
    staffOnly({
      summary: 'Alle offertes en facturen (admin en boekhouder), nieuwste eerst; zoeken op nummer, email of naam',
      querystring: invoicesQuery,
      response: { 200: invoicesPageContract },
    }),
    async (req) => ({ ...(await service.adminInvoices(app.ctx, req.query)), page: req.query.page, pageSize: req.query.pageSize }),
  );

  app.get(
    '/api/invoices/issued',
    staffOnly({
      summary: 'Uitgegeven facturen en creditfacturen van bestellingen (admin en boekhouder), nieuwste eerst',
      description:
        'Elke factuur is één keer uitgegeven met een eigen nummer (FCU2{id}, een latere FCU2{id}-2) en datum; een creditfactuur (nummer van de factuur + -C) crediteert er één. Zoeken op nummer, bestelnummer, naam of email.',
      querystring: invoicesQuery,
      response: { 200: issuedDocumentsPageContract },
    }),
    async (req) => ({ ...(await issuedPage(app.ctx.db, req.query)), page: req.query.page, pageSize: req.query.pageSize }),
  );

  // A read, so a GET: the bookkeeper reads every document and writes nothing (docs/RULES.md, 'Roles').
  app.get(
    '/api/invoices/issued/:id/pdf',
    {
      ...staffOnly({
        summary: 'Een uitgegeven factuur of creditfactuur als PDF (base64), zoals uitgegeven (admin en boekhouder)',
        params: idParams(ISSUED_NOT_FOUND),
        response: { 200: pdfAnswer },
      }),
      config: limit(60),
    },
    async (req) => {
      const row = await issuedById(app.ctx.db, req.params.id);
      if (!row) throw new AppError(404, ISSUED_NOT_FOUND);
      const { filename, pdf } = await renderIssued(row);
      return { filename, content_type: 'application/pdf' as const, data: pdf.toString('base64') };
    },
  );
}

/** The customer's own invoices, and the public quote page's views and payments (by the quote's token). */
function customerInvoiceRoutes(app: RouteApp): void {
  /** A public route of the quote page (no login): the quote's token in the body, rate-limited per client. */
  const byToken = <S extends object>(schema: S, max: number) => ({ schema: { tags, body: invoiceTokenSchema, ...schema }, config: limit(max) });
  app.get('/api/invoices', signedIn({ summary: 'Eigen offertes en facturen', response: { 200: ownInvoicesContract } }), async (req) => ({
    invoices: await service.ownInvoices(app.ctx, currentUser(req)),
  }));

  app.post(
    '/api/invoiceByToken',
    byToken(
      {
        summary: 'Openbare offerte/factuur bij token (zonder inloggen); 404 "Geen geldige token." voor een onbekend token',
        response: { 200: invoiceAnswerContract },
      },
      30,
    ),
    async (req) => {
      const id = await service.invoiceIdByToken(app.ctx.db, req.body.token);
      try {
        // Coming back from the provider: a payment whose exchange has not arrived yet shows at once.
        await syncInvoiceTransactions(app.ctx, paymentProvider(app), id);
      } catch (err) {
        // An unreachable provider must not hide the quote; its exchange call will come.
        req.log.warn({ err }, 'invoice: provider status check failed');
      }
      const loaded = await service.loadInvoice(app.ctx.db, id);
      if (!loaded) throw new AppError(404, INVOICE_MSG.invalidToken);
      return { invoice: service.invoiceDto(loaded, { withUser: false }) };
    },
  );

  // ----------------------------------------------------------------------------------------------
  // Paying a quote online

  app.post(
    '/api/invoicePayment',
    byToken(
      {
        summary: 'Offerte online betalen met het token van de openbare pagina (zonder inloggen)',
        description: 'Het bedrag is altijd het openstaande bedrag van de offerte. 409 als hij verlopen of al betaald is.',
        response: { 200: transactionAnswer },
      },
      20,
    ),
    async (req) => {
      const id = await service.invoiceIdByToken(app.ctx.db, req.body.token);
      return { transaction: await startInvoicePayment(app.ctx, paymentProvider(app), id, null) };
    },
  );

  app.post(
    '/api/invoicePayment/:id',
    {
      ...signedIn({
        summary: 'Eigen offerte online betalen (of elke, voor een admin; de boekhouder alleen de eigen)',
        params: invoiceParams,
        response: { 200: transactionAnswer },
      }),
      config: limit(20),
    },
    async (req) => {
      const user = currentUser(req);
      const l = await service.invoiceFor(app.ctx.db, user, req.params.id);
      // The bookkeeper reads every quote but starts no payment on someone else's (read-only: docs/RULES.md, 'Roles').
      if (user.role === Role.BOOKKEEPER && l.invoice.userId !== user.id) throw forbidden(MSG.forbidden);
      return { transaction: await startInvoicePayment(app.ctx, paymentProvider(app), l.invoice.id, user.id) };
    },
  );
}

/** The payment provider's exchange for quote payments. */
async function quotePaymentExchangeRoutes(app: RouteApp): Promise<void> {
  await app.register(async (exchange) => {
    acceptFormBodies(exchange);
    exchange.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, _body, done) => done(null, undefined));
    // The status check is anonymous (the provider cannot log in), so it needs the transaction's key
    // from the exchange URL we gave the provider, and is rate-limited like the order exchange.
    const answer = async (id: number, key: string | undefined) => {
      const result = await processInvoiceExchange(app.ctx, paymentProvider(app), id, { key });
      return result.known ? `TRUE|${result.state}` : 'TRUE|unknown';
    };
    const params = idParamsSchema;
    const querystring = z.object({ key: z.string().max(100).optional() });
    type Req = { params: unknown; query: unknown };
    const handle = async (req: Req) => answer((req.params as { id: number }).id, (req.query as { key?: string }).key);
    exchange.post(
      '/api/invoicePayment/exchange/:id',
      {
        schema: {
          tags,
          summary: 'Exchange/webhook van de betaalprovider voor offertebetalingen (met de sleutel uit de exchange-URL)',
          params,
          querystring,
        },
        config: limit(300),
      },
      async (req, reply) => reply.type('text/plain').send(await handle(req)),
    );
    exchange.get(
      '/api/invoicePayment/exchange/:id',
      { schema: { tags, summary: 'Exchange voor offertebetalingen (GET-variant)', params, querystring }, config: limit(300) },
      async (req, reply) => reply.type('text/plain').send(await handle(req)),
    );
  });
}

/** The order documents and the quote documents as base64 PDF JSON. */
function documentPdfRoutes(app: RouteApp): void {
  for (const kind of Object.keys(ORDER_DOCUMENTS) as OrderDocumentKind[]) {
    const info = ORDER_DOCUMENTS[kind];
    app.post(
      `/api/order/${info.path}/:id`,
      {
        ...signedIn({
          summary: `${info.title} van een bestelling als PDF (base64), voor de eigenaar of medewerkers`,
          description:
            'Factuur bij een betaald deel van 100 % of meer; aanbetalingsbewijs bij meer dan 0 en minder dan 100 %; creditfactuur en creditnota aanbetaling alleen bij een geannuleerde bestelling (creditfactuur als de betalingen het totaal dekken). Anders 409 met de reden.',
          params: orderParams,
          response: { 200: pdfAnswer },
        }),
        // Laid out in the PDF pool, shared out per user (infra/http/fair-share.ts).
        config: { ...limit(60), heavyWork: true },
      },
      async (req) => orderDocument(app.ctx, currentUser(req), req.params.id, kind),
    );
  }

  const invoicePdfs = [
    {
      url: '/api/invoices_invoice/:id',
      summary: 'De offerte of factuur zelf als PDF (base64), voor de eigenaar of medewerkers',
      make: invoiceDocument,
    },
    {
      url: '/api/invoices_down/:id',
      summary: 'Aanbetalingsbewijs van een gedeeltelijk betaalde offerte als PDF (base64)',
      make: invoiceDownPaymentDocument,
    },
  ];
  for (const { url, summary, make } of invoicePdfs) {
    app.post(
      url,
      { ...signedIn({ summary, params: invoiceParams, response: { 200: pdfAnswer } }), config: { ...limit(60), heavyWork: true } },
      async (req) => make(app.ctx, currentUser(req), req.params.id),
    );
  }
}

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  // The PDF worker pool (started by the first document) ends with the app, so close() and SIGTERM
  // do not wait on idle worker threads.
  app.addHook('onClose', async () => closePdfPool());

  // ----------------------------------------------------------------------------------------------
  // Quotes and invoices

  invoiceAdminRoutes(app);

  customerInvoiceRoutes(app);

  // The provider's exchange for quote payments: public, its body is never read. Providers post any
  // format, so this small plugin accepts every body type, for these two routes only.
  await quotePaymentExchangeRoutes(app);

  // ----------------------------------------------------------------------------------------------
  // Documents (base64 PDF JSON)

  documentPdfRoutes(app);
};
