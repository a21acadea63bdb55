// The client form's values (all text, as inputs hold them) and their conversion to and from the API's shapes.
// The form checks its values with the same contract schemas the server uses, so both speak with one voice.

import type { Client } from '@mixdesk/contract/client-responses';
import {
  type ClientRole,
  type ClientStatus,
  type ClientType,
  type ContactMethod,
  CreateClientSchema,
  UpdateClientSchema,
} from '@mixdesk/contract/clients';

export interface ClientFormValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  location: string;
  role: ClientRole;
  type: ClientType;
  status: ClientStatus;
  preferredContactMethod: ContactMethod | '';
  timezone: string;
  genres: string;
  preferredStudios: string;
  equipment: string;
  previousWork: string;
  budgetMin: string;
  budgetMax: string;
  currency: string;
  totalProjects: string;
  activeProjects: string;
  completedProjects: string;
  totalRevenue: string;
  lastProjectDate: string;
  notes: string;
}

export const EMPTY_FORM: ClientFormValues = {
  name: '',
  email: '',
  phone: '',
  company: '',
  location: '',
  role: 'artist',
  type: 'individual',
  status: 'potential',
  preferredContactMethod: 'email',
  timezone: '',
  genres: '',
  preferredStudios: '',
  equipment: '',
  previousWork: '',
  budgetMin: '',
  budgetMax: '',
  currency: 'USD',
  totalProjects: '0',
  activeProjects: '0',
  completedProjects: '0',
  totalRevenue: '0',
  lastProjectDate: '',
  notes: '',
};

export function formFromClient(c: Client): ClientFormValues {
  return {
    name: c.name,
    email: c.email,
    phone: c.phone ?? '',
    company: c.company ?? '',
    location: c.location ?? '',
    role: c.role,
    type: c.type,
    status: c.status,
    preferredContactMethod: c.preferredContactMethod ?? '',
    timezone: c.timezone ?? '',
    genres: c.genres.join(', '),
    preferredStudios: c.preferredStudios.join(', '),
    equipment: c.equipment.join('\n'),
    previousWork: c.previousWork.join('\n'),
    budgetMin: c.budget ? String(c.budget.min) : '',
    budgetMax: c.budget ? String(c.budget.max) : '',
    currency: c.budget?.currency ?? 'USD',
    totalProjects: String(c.totalProjects),
    activeProjects: String(c.activeProjects),
    completedProjects: String(c.completedProjects),
    totalRevenue: String(c.totalRevenue),
    lastProjectDate: c.lastProjectDate ?? '',
    notes: c.notes ?? '',
  };
}

const splitOn = (separator: RegExp) => (text: string) =>
  text
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
const commaList = splitOn(/,/);
const lineList = splitOn(/\n/);
/** A number input's value: blank stays blank (null), anything else becomes a number (NaN fails validation). */
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** The request body the form stands for (checked with parse below). */
export function payloadOf(v: ClientFormValues) {
  const min = numberOrNull(v.budgetMin);
  const max = numberOrNull(v.budgetMax);
  return {
    name: v.name,
    email: v.email,
    phone: v.phone,
    company: v.company,
    location: v.location,
    role: v.role,
    type: v.type,
    status: v.status,
    preferredContactMethod: v.preferredContactMethod || null,
    timezone: v.timezone || null,
    genres: commaList(v.genres),
    preferredStudios: commaList(v.preferredStudios),
    equipment: lineList(v.equipment),
    previousWork: lineList(v.previousWork),
    budget:
      min === null && max === null
        ? null
        : { min: min ?? Number.NaN, max: max ?? Number.NaN, currency: v.currency },
    totalProjects: numberOrNull(v.totalProjects) ?? 0,
    activeProjects: numberOrNull(v.activeProjects) ?? 0,
    completedProjects: numberOrNull(v.completedProjects) ?? 0,
    totalRevenue: numberOrNull(v.totalRevenue) ?? 0,
    lastProjectDate: v.lastProjectDate || null,
    notes: v.notes,
  };
}

export type FieldErrors = Partial<Record<keyof ClientFormValues | 'budget' | 'form', string>>;

/** Where an API path's message shows in the form ('budget.min' under the budget inputs). */
export function fieldOfPath(path: string): keyof FieldErrors {
  if (path.startsWith('budget')) return path === 'budget.currency' ? 'currency' : 'budget';
  const head = path.split('.')[0] ?? '';
  return (head in EMPTY_FORM ? head : 'form') as keyof FieldErrors;
}

/** Checks the form with the contract; returns the body to send, or the messages per field. */
export function validateForm(v: ClientFormValues, creating: boolean) {
  const schema = creating ? CreateClientSchema : UpdateClientSchema;
  const result = schema.safeParse(payloadOf(v));
  if (result.success) return { ok: true as const, body: result.data };
  const errors: FieldErrors = {};
  if ((v.budgetMin.trim() === '') !== (v.budgetMax.trim() === ''))
    errors.budget = 'Enter both a minimum and a maximum, or leave both empty';
  for (const issue of result.error.issues) {
    const field = fieldOfPath(issue.path.join('.'));
    errors[field] ??= issue.message;
  }
  return { ok: false as const, errors };
}
