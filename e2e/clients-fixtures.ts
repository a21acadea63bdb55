// Shared set-up for the clients browser tests: accounts' clients seeded through the API, the screen opened
// after signing in, and locators for cards and summary tiles.
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type Account, signInThroughUi } from './fixtures.ts';

export async function tokenOf(request: APIRequestContext, account: Account): Promise<string> {
  const res = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.token;
}

export async function seedClients(request: APIRequestContext, account: Account, clients: object[]) {
  const token = await tokenOf(request, account);
  for (const data of clients) {
    const res = await request.post('/api/clients', { data, headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(201);
  }
}

export async function openClients(page: Page, account: Account) {
  await page.goto('/clients');
  await signInThroughUi(page, account);
  await expect(page).toHaveURL(/\/clients$/);
}

export const cards = (page: Page) => page.getByRole('article');
export const names = (page: Page) => cards(page).getByRole('heading', { level: 2 });
/** The value of a summary tile. */
export const tile = (page: Page, label: string) =>
  page
    .getByLabel('Summary')
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd');

/** Five clients across roles, types and statuses (created in this order, so listed in reverse). */
export const NETWORK = [
  {
    name: 'Maya Chen',
    email: 'maya@chenmusic.com',
    company: 'Chen Music',
    role: 'artist',
    type: 'individual',
    status: 'active',
    genres: ['Indie Pop', 'R&B', 'Soul'],
    totalProjects: 3,
    completedProjects: 2,
    totalRevenue: 1234567.89,
  },
  {
    name: 'Velvet Hours',
    email: 'band@velvethours.example',
    role: 'artist',
    type: 'band',
    status: 'potential',
    totalRevenue: 0.11,
  },
  {
    name: 'Jonas Berg',
    email: 'jonas@northline.se',
    company: 'Northline Records',
    role: 'a_and_r',
    type: 'label',
    status: 'active',
    totalProjects: 5,
    completedProjects: 5,
    totalRevenue: 20000,
  },
  {
    name: 'Dara Okafor',
    email: 'dara@brightside.example',
    company: 'Brightside Management',
    role: 'manager',
    type: 'management_company',
    status: 'on_hold',
  },
  {
    name: 'Priya Raman',
    email: 'priya@ariasync.co.uk',
    company: 'Aria Sync',
    role: 'sync_supervisor',
    type: 'brand',
    status: 'potential',
    completedProjects: 1,
    totalProjects: 1,
  },
];
