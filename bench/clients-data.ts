// Believable client rows for bench:clients, made without randomness so every run measures the same data.
import { CLIENT_ROLES, CLIENT_STATUSES, CLIENT_TYPES } from '@mixdesk/contract/clients';
import { type NewClientRow, searchTextOf } from '../apps/server/src/modules/clients/repo.ts';
import { newId } from '../apps/server/src/platform/ids.ts';

const FIRST = [
  'Maya',
  'Jonas',
  'Dara',
  'Luis',
  'Priya',
  'Kenji',
  'Ava',
  'Noah',
  'Lena',
  'Omar',
  'Zoe',
  'Ivan',
];
const LAST = ['Chen', 'Berg', 'Okafor', 'Ortega', 'Raman', 'Watanabe', 'Stone', 'Miller', 'Novak', 'Haddad'];
const COMPANY = ['Northline Records', 'Brightside Mgmt', 'Harbor Lights', 'Aria Sync', 'Kumo Publishing', ''];
const GENRES = ['Indie Pop', 'Jazz', 'Afrobeats', 'House', 'Folk', 'Hip Hop', 'Ambient', 'Rock'];

/** The measured search: a surname fragment that matches one client in ten (with every filter, a few). */
export const SEARCH_TERM = 'chen';

export function clientRows(ownerId: string, count: number, seed: number): NewClientRow[] {
  const start = Date.parse('2024-01-01T00:00:00Z') + seed * 1000;
  return Array.from({ length: count }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i + seed) % LAST.length]!;
    const at = new Date(start + i * 60_000).toISOString();
    const company = COMPANY[i % COMPANY.length]!;
    return {
      id: newId(),
      owner_id: ownerId,
      name: `${first} ${last}`,
      email: `${first}.${last}.${i}@clients.example`.toLowerCase(),
      phone: `+1 555 ${String(1000 + (i % 9000))}`,
      company: company || null,
      role: CLIENT_ROLES[i % CLIENT_ROLES.length]!,
      type: CLIENT_TYPES[(i >> 1) % CLIENT_TYPES.length]!,
      status: CLIENT_STATUSES[(i >> 2) % CLIENT_STATUSES.length]!,
      location: 'Berlin, Germany',
      genres: JSON.stringify([GENRES[i % GENRES.length], GENRES[(i + 3) % GENRES.length]]),
      budget_min_cents: 100_000,
      budget_max_cents: 500_000,
      budget_currency: 'USD',
      preferred_studios: JSON.stringify(['Hansa Studios']),
      equipment: JSON.stringify([]),
      previous_work: JSON.stringify([`Record ${i}`]),
      recorded_total: 2 + (i % 7),
      recorded_active: i % 2,
      recorded_completed: i % 3 === 0 ? 1 : 0,
      revenue_cents: (i % 1000) * 12_345,
      last_project_date: '2025-06-01',
      preferred_contact_method: i % 2 ? 'email' : 'phone',
      timezone: 'Europe/Berlin',
      notes: null,
      search_text: searchTextOf({
        name: `${first} ${last}`,
        email: `${first}.${last}.${i}@clients.example`,
        company: company || null,
      }),
      created_at: at,
      updated_at: at,
    };
  });
}
