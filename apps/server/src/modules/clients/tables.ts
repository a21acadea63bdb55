// The clients area's table (see db/schema.ts for how areas declare tables).
import type { ColumnType } from 'kysely';
import type { Json, Timestamp } from '../../db/schema.ts';

export interface ClientsTable {
  id: string;
  owner_id: string;
  name: string;
  /** Lower-cased; unique within an owner's network. */
  email: string;
  phone: string | null;
  company: string | null;
  role: string;
  type: string;
  status: string;
  location: string | null;
  genres: Json<string[]>;
  budget_min_cents: number | null;
  budget_max_cents: number | null;
  budget_currency: string | null;
  preferred_studios: Json<string[]>;
  equipment: Json<string[]>;
  previous_work: Json<string[]>;
  /** Counts kept by hand (work outside Mixdesk); linked projects are counted on top. */
  recorded_total: number;
  recorded_active: number;
  recorded_completed: number;
  revenue_cents: number;
  last_project_date: string | null;
  preferred_contact_method: string | null;
  timezone: string | null;
  notes: string | null;
  /** Lower-cased name, email and company, one per line: what the list's search matches. */
  search_text: string;
  /** SQLite only: the row's key in its trigram search index, given by a trigger (db/trigram-search.ts). */
  search_key: ColumnType<number | null, never, never>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Per network: the summary figures, and a version bumped by every client change. */
export interface ClientNetworkStatsTable {
  owner_id: string;
  version: number;
  total: number;
  active: number;
  potential: number;
  recorded_completed: number;
  revenue_cents: number;
}

declare module '../../db/schema.ts' {
  interface DB {
    clients: ClientsTable;
    client_network_stats: ClientNetworkStatsTable;
  }
}
