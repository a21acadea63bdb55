// How clients' figures read on screen (SPEC §2, §9).
const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** Revenue with a dollar sign and thousands separators: $1,234,567 or $1,234.5 -> $1,234.50. */
export function formatRevenue(amount: number): string {
  const text = dollars.format(amount);
  return /\.\d$/.test(text) ? `${text}0` : text;
}

/** At most two genres on a card, then '+N' (SPEC §9). */
export function genresPreview(genres: string[]): { shown: string[]; more: number } {
  return { shown: genres.slice(0, 2), more: Math.max(0, genres.length - 2) };
}

/** The card's initial: the name's first letter, upper-cased. */
export function initialOf(name: string | null | undefined): string {
  const first = name?.trim().charAt(0);
  return first ? first.toUpperCase() : '?';
}

/**
 * Where a client's project count comes from, said apart (issue #32): projects linked to the client in Mixdesk,
 * which follow their own status, and the count typed into the client's form. Null when there are none.
 */
export function projectCountSources(total: number, linked: number): string | null {
  const entered = Math.max(0, total - linked);
  const parts = [
    linked > 0 ? `${linked.toLocaleString('en-US')} linked project${linked === 1 ? '' : 's'}` : null,
    entered > 0 ? `${entered.toLocaleString('en-US')} entered by hand` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}
