// The documents area's public entry: what other areas may use of it (scripts/check-architecture.mjs).
export { deleteDocumentsOfOwner } from './delete-owned.ts';
// The documents' typesetting, for other areas' printed files (the catalog's label copy).
export { heading, keyValues } from './pdf/blocks.ts';
export { registerFonts } from './pdf/fonts.ts';
export { formatLongDate } from './pdf/format.ts';
export { header } from './pdf/header.ts';
export { contentBox, type Doc, gap, MARGINS, PAGE_SIZE, STYLE, write } from './pdf/layout.ts';
export { stampPages } from './pdf/page-frame.ts';
export { type RenderableDocument, type RenderExtras, renderDocumentPdf } from './pdf/render-document.ts';
export { type Column, table } from './pdf/table.ts';
export { removeObjects } from './pdf-files.ts';
export { sealPdf } from './seal/seal-pdf.ts';
export { loadSigningKey } from './seal/signing-key.ts';
