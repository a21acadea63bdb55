// How dates, quantities and percentages read on paper. Money is printed with the contract's formatMoney.
import { formatShare, toShareUnits } from '@mixdesk/contract/documents';

const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * "24 November 2026", from an ISO timestamp or a calendar date (YYYY-MM-DD). Read in UTC, so the same
 * document prints the same date wherever the server runs; anything unreadable prints as given.
 */
export function formatLongDate(value: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : LONG_DATE.format(date);
}

const QUANTITY = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
export const formatQuantity = (quantity: number) => QUANTITY.format(quantity);

/** "33.33%": shares carry at most two decimals, kept exact through hundredths. */
export const formatPercent = (percentage: number) => `${formatShare(toShareUnits(percentage))}%`;

/**
 * "8.875%": a tax rate carries up to three decimals (thousandths of a percent, as the tax is computed), so it
 * is printed as it is applied; through formatPercent 8.875 % read "8.88%" over a tax worked out at 8.875 %.
 */
export const formatTaxRate = (percentage: number) =>
  `${(Math.round(percentage * 1000) / 1000).toFixed(3).replace(/\.?0+$/, '')}%`;

export const revisionsText = (rounds: number) =>
  rounds === 0 ? 'No rounds of revisions' : `${rounds} ${rounds === 1 ? 'round' : 'rounds'} of revisions`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * "24 Nov 2026, 10:15:32 UTC" (optionally without the seconds or the zone, or another separator), from an ISO timestamp; anything unreadable prints
 * as given. Built by hand rather than with Intl, whose short month names change between ICU versions
 * ("Sep" became "Sept" in en-GB) and with them the bytes of a document already issued.
 */
export function formatUtcTime(value: string, { seconds = true, zone = true, separator = ', ' } = {}): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const time = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}`;
  const day = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return `${day}${separator}${seconds ? `${time}:${two(date.getUTCSeconds())}` : time}${zone ? ' UTC' : ''}`;
}
