// How the client enums read on screen (issue #32), shared by the web's cards, filters and form.
import type { ClientRole, ClientStatus, ClientType } from './clients.ts';

/**
 * How each value reads on screen (SPEC §2: the value's words, each capitalised), written out rather than derived,
 * so that an abbreviation reads as one ('a_and_r' is "A&R", not "A And R") and a new value needs its own label.
 */
export const CLIENT_ROLE_LABELS: Record<ClientRole, string> = {
  artist: 'Artist',
  producer: 'Producer',
  label_executive: 'Label Executive',
  manager: 'Manager',
  booking_agent: 'Booking Agent',
  publisher: 'Publisher',
  sync_supervisor: 'Sync Supervisor',
  a_and_r: 'A&R',
  venue_owner: 'Venue Owner',
  other: 'Other',
};
export const CLIENT_TYPE_LABELS: Record<ClientType, string> = {
  individual: 'Individual',
  band: 'Band',
  label: 'Label',
  management_company: 'Management Company',
  publisher: 'Publisher',
  venue: 'Venue',
  brand: 'Brand',
  other: 'Other',
};
export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = {
  active: 'Active',
  potential: 'Potential',
  on_hold: 'On Hold',
  completed: 'Completed',
  inactive: 'Inactive',
};
