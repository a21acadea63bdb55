// What every page carries once the body is laid out and the page count is known: the document number and
// "Page n of m" in the footer, and from page 2 on a running head saying which document the page belongs to.
import { COLOR, contentBox, type Doc, MARGINS, rule, STYLE, writeLine } from './layout.ts';

export function stampPages(doc: Doc, documentId: string, runningHead: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = 0; i < count; i++) {
    doc.switchToPage(start + i);
    // The footer sits in the bottom margin; with the margin at zero pdfkit does not start a page for it.
    doc.page.margins.bottom = 0;
    const box = contentBox(doc);
    const half = { x: box.x, width: box.width / 2 };
    const footerY = doc.page.height - MARGINS.bottom + 26;
    rule(doc, box, footerY - 8, COLOR.rule, 0.5);
    writeLine(doc, documentId, STYLE.muted, half, footerY);
    writeLine(
      doc,
      `Page ${i + 1} of ${count}`,
      STYLE.muted,
      { ...half, x: box.x + half.width },
      footerY,
      'right',
    );
    if (i > 0) writeLine(doc, runningHead, STYLE.muted, box, MARGINS.top - 30);
    doc.page.margins.bottom = MARGINS.bottom;
  }
}
