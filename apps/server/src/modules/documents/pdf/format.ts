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

/** "33.33%": shares and rates carry at most two decimals, kept exact through hundredths. */
export const formatPercent = (percentage: number) => `${formatShare(toShareUnits(percentage))}%`;

export const revisionsText = (rounds: number) =>
  rounds === 0 ? 'No rounds of revisions' : `${rounds} ${rounds === 1 ? 'round' : 'rounds'} of revisions`;
