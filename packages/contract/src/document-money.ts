// The money arithmetic of documents (SPEC §4 Invoice totals, Agreement revenue share), in integer cents and
// hundredths of a percent, run by both the form (live totals) and the server (stored figures), so the two
// can never disagree.
import { fromCents } from './clients.ts';

/**
 * Largest budget, amount, invoice line (quantity × rate) or invoice total in currency units: sums of cents
 * stay exact in a double, and the largest figure prints on one line of the PDF's table.
 */
export const DOCUMENT_MONEY_MAX = 1_000_000_000;
export const RATE_MAX = 1_000_000;
export const QUANTITY_MAX = 10_000;
/** Shares are kept in hundredths of a percent: 100 % = 10,000. */
export const FULL_SHARE = 10_000;

/** Currency units (two decimals at most) to integer cents. */
export const toCentsExact = (amount: number) => Math.round(amount * 100);
/** A percentage (two decimals at most) to hundredths of a percent. */
export const toShareUnits = (percentage: number) => Math.round(percentage * 100);
export const formatShare = (units: number) => (units / 100).toFixed(2).replace(/\.?0+$/, '');

/** An item figure the arithmetic can take: finite, not negative, within the bounds the schema enforces. */
export function isBillable(item: { quantity: number; rate: number }): boolean {
  const ok = (n: number, max: number) => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= max;
  return ok(item.quantity, QUANTITY_MAX) && ok(item.rate, RATE_MAX);
}

export interface InvoiceTotalsCents {
  amounts: number[];
  subtotal: number;
  tax: number;
  total: number;
}

/**
 * SPEC §4 Invoice totals, in integer cents: amount = quantity × rate (half up), subtotal = Σ amounts,
 * tax = subtotal × rate (thousandths of a percent, half up) when a tax rate is given, else the tax amount; total = subtotal + tax.
 */
export function invoiceTotalsCents(
  items: ReadonlyArray<{ quantity: number; rate: number }>,
  tax: { taxRate?: number; tax?: number },
): InvoiceTotalsCents {
  const amounts = items.map((item) => {
    // The form calls this on every keystroke: a figure out of bounds (refused on submit) counts as nothing.
    if (!isBillable(item)) return 0;
    const hundredths = BigInt(Math.round(item.quantity * 100));
    const rateCents = BigInt(Math.round(item.rate * 100));
    return Number((hundredths * rateCents + 50n) / 100n);
  });
  const subtotal = amounts.reduce((sum, a) => sum + a, 0);
  const taxCents =
    tax.taxRate !== undefined
      ? Number((BigInt(subtotal) * BigInt(Math.round(tax.taxRate * 1000)) + 50_000n) / 100_000n)
      : toCentsExact(tax.tax ?? 0);
  return { amounts, subtotal, tax: taxCents, total: subtotal + taxCents };
}

/** The same figures in currency units, for the form's live totals. */
export function invoiceTotals(
  items: ReadonlyArray<{ quantity: number; rate: number }>,
  tax: { taxRate?: number; tax?: number },
) {
  const c = invoiceTotalsCents(items, tax);
  return {
    amounts: c.amounts.map(fromCents),
    subtotal: fromCents(c.subtotal),
    tax: fromCents(c.tax),
    total: fromCents(c.total),
  };
}

/** SPEC §4 Agreement revenue share: the secondary is always 100 − primary (in hundredths, exact). */
export const secondaryShare = (primaryPercentage: number) =>
  (FULL_SHARE - toShareUnits(primaryPercentage)) / 100;

const moneyFormats = new Map<string, Intl.NumberFormat>();
/** '$1,088.07': one formatter per currency, made once (building one costs more than formatting). */
export function formatMoney(amount: number, currency = 'USD'): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format.format(amount);
}
