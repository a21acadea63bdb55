// The documents area: contracts, agreements, invoices and split sheets as PDFs, their signing links and seals.
import type { Area } from '../../platform/area.ts';
import { documentsRoutes } from './routes.ts';
import { loadSigningKey } from './seal/signing-key.ts';
import { seedDocuments } from './seed.ts';
import { signingRoutes } from './signing-routes.ts';

export const documentsArea: Area = {
  name: 'documents',
  routes: [
    { prefix: '/api/documents', plugin: documentsRoutes },
    { prefix: '/api/sign', plugin: signingRoutes },
  ],
  seed: seedDocuments,
  // The PDF a document shows now, and the PDFs it keeps besides (a completed document keeps the unsigned one
  // its certificate describes; an edit's transaction stops naming the one it replaced).
  storedKeys: (db) => [
    db.selectFrom('documents').select('pdf_key as key'),
    db.selectFrom('document_files').select('storage_key as key'),
  ],
  // A signing key given in SIGNING_P12 must open: a wrong file or password stops the start, not a signature.
  start: (app) => {
    const { ctx } = app;
    app.addHook('onReady', async () => {
      if (ctx.config.signingP12)
        await loadSigningKey({
          secrets: ctx.secrets,
          p12Path: ctx.config.signingP12,
          p12Password: ctx.config.signingP12Password,
        });
    });
  },
};
