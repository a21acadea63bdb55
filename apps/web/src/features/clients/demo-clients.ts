// Demo mode (SPEC §4): with no stored token the screen shows three sample clients after about 0.8 s, and add,
// edit and delete work on this local copy only.

import type { Client, ClientSummary } from '@mixdesk/contract/client-responses';
import type { CreateClient } from '@mixdesk/contract/clients';
import type { ClientFilters } from './api';

const day = 24 * 3600 * 1000;
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString();
const noLinks = { total: 0, active: 0, completed: 0 };

function sample(
  id: string,
  daysAgo: number,
  fields: Partial<Client> & Pick<Client, 'name' | 'email'>,
): Client {
  return {
    _id: id,
    phone: null,
    company: null,
    role: 'artist',
    type: 'individual',
    status: 'potential',
    location: null,
    genres: [],
    budget: null,
    preferredStudios: [],
    equipment: [],
    previousWork: [],
    totalProjects: 0,
    activeProjects: 0,
    completedProjects: 0,
    linkedProjects: noLinks,
    totalRevenue: 0,
    lastProjectDate: null,
    preferredContactMethod: 'email',
    timezone: null,
    notes: null,
    createdAt: at(daysAgo),
    updatedAt: at(daysAgo),
    ...fields,
  };
}

export function demoClients(): Client[] {
  return [
    sample('demo-client-1', 1, {
      name: 'Sarah Johnson',
      email: 'sarah@sarahjohnsonmusic.com',
      phone: '+1 (555) 123-4567',
      role: 'artist',
      type: 'individual',
      status: 'active',
      location: 'Los Angeles, CA',
      genres: ['Pop', 'R&B', 'Soul'],
      budget: { min: 5000, max: 15000, currency: 'USD' },
      totalProjects: 3,
      activeProjects: 1,
      completedProjects: 2,
      totalRevenue: 25000,
      lastProjectDate: '2025-09-15',
      timezone: 'America/Los_Angeles',
    }),
    sample('demo-client-2', 12, {
      name: 'Marcus Reid',
      email: 'marcus@harborlinerecords.com',
      phone: '+1 (555) 987-6543',
      company: 'Harborline Records',
      role: 'label_executive',
      type: 'label',
      status: 'potential',
      location: 'Nashville, TN',
      genres: ['Country', 'Americana'],
      budget: { min: 20000, max: 50000, currency: 'USD' },
      preferredContactMethod: 'phone',
      timezone: 'America/Chicago',
    }),
    sample('demo-client-3', 30, {
      name: 'The Midnight Collective',
      email: 'booking@midnightcollective.com',
      role: 'artist',
      type: 'band',
      status: 'completed',
      location: 'Brooklyn, NY',
      genres: ['Indie Rock', 'Alternative', 'Shoegaze'],
      budget: { min: 8000, max: 12000, currency: 'USD' },
      totalProjects: 2,
      completedProjects: 2,
      totalRevenue: 18500,
      lastProjectDate: '2025-03-02',
      timezone: 'America/New_York',
    }),
  ];
}

/** A client added in demo mode: the form's values, with SPEC §4's defaults where it left gaps. */
export function demoClientFrom(input: CreateClient): Client {
  const now = new Date().toISOString();
  return sample(`demo-client-${Date.now()}`, 0, {
    ...input,
    name: input.name || 'New Client',
    email: input.email || 'new.client@example.com',
    phone: input.phone ?? null,
    company: input.company ?? null,
    location: input.location ?? null,
    budget: input.budget ?? { min: 1000, max: 5000, currency: 'USD' },
    genres: input.genres.length ? input.genres : ['Pop'],
    totalProjects: 0,
    activeProjects: 0,
    completedProjects: 0,
    totalRevenue: 0,
    lastProjectDate: input.lastProjectDate ?? null,
    preferredContactMethod: input.preferredContactMethod ?? null,
    timezone: input.timezone ?? null,
    notes: input.notes ?? null,
    createdAt: now,
    updatedAt: now,
  });
}

/** The same search and filters the server applies, over the local sample list. */
export function filterDemo(clients: Client[], f: ClientFilters): Client[] {
  const term = f.search.trim().toLowerCase();
  return clients.filter(
    (c) =>
      (!term || [c.name, c.email, c.company ?? ''].some((v) => v.toLowerCase().includes(term))) &&
      (!f.role || c.role === f.role) &&
      (!f.type || c.type === f.type) &&
      (!f.status || c.status === f.status),
  );
}

export function summarise(clients: Client[]): ClientSummary {
  return {
    total: clients.length,
    active: clients.filter((c) => c.status === 'active').length,
    potential: clients.filter((c) => c.status === 'potential').length,
    completedProjects: clients.reduce((n, c) => n + c.completedProjects, 0),
    totalRevenue: clients.reduce((cents, c) => cents + Math.round(c.totalRevenue * 100), 0) / 100,
  };
}
