import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { addMember } from '../../../test/invitations.ts';

let t: TestApp;
let me: SignedIn;
let other: SignedIn;
const titles: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  me = await registerUser(t.app, { name: 'Lister' });
  other = await registerUser(t.app, { name: 'Other' });
  // 15 projects, created in order: the newest activity is the last one.
  const specs: object[] = [
    {
      title: 'Alpha Sessions',
      type: 'album',
      status: 'recording',
      metadata: { genre: ['rock'] },
      tags: ['live'],
    },
    {
      title: 'Beta',
      type: 'single',
      status: 'mixing',
      metadata: { genre: 'pop' },
      description: 'radio edit',
    },
    { title: '100% Analog', type: 'ep', status: 'mixing', metadata: { genre: ['rock', 'blues'] } },
    { title: 'under_score', type: 'single', status: 'planning', metadata: { genre: 'hip_hop' } },
    { title: 'Dots...and (parens)', type: 'remix', status: 'mastering', metadata: { genre: 'electronic' } },
    { title: 'Björk Tribute', type: 'compilation', status: 'released', tags: ['ÉLAN', 'covers'] },
    { title: 'back\\slash', type: 'single', status: 'archived' },
  ];
  for (let i = specs.length; i < 15; i++) specs.push({ title: `Filler ${String(i).padStart(2, '0')}` });
  // A second apart on a controlled clock: the expected order is exact on both databases.
  const clock = controlledClock();
  try {
    for (const payload of specs) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: bearer(me.token),
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      titles.push(res.json().data.project.title);
      clock.step();
    }
  } finally {
    clock.restore();
  }
  await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(other.token),
    payload: { title: 'Alpha of someone else', type: 'album', metadata: { genre: 'rock' } },
  });
});
afterAll(async () => {
  await t.close();
});

const list = async (query: string, who: SignedIn = me) => {
  const res = await t.app.inject({ url: `/api/projects${query}`, headers: bearer(who.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    projects: { title: string; type: string; status: string; metadata: { genre: string[] } }[];
    pagination: { currentPage: number; totalPages: number; totalProjects: number; limit: number };
  };
};
const titlesOf = (d: { projects: { title: string }[] }) => d.projects.map((p) => p.title);

describe('paging', () => {
  it('returns 12 per page by default, newest activity first, with the SPEC pagination fields', async () => {
    const d = await list('');
    expect(d.projects).toHaveLength(12);
    expect(titlesOf(d)).toEqual([...titles].reverse().slice(0, 12));
    expect(d.pagination).toEqual({ currentPage: 1, totalPages: 2, totalProjects: 15, limit: 12 });
  });

  it('the second page holds the rest', async () => {
    const d = await list('?page=2&limit=12');
    expect(titlesOf(d)).toEqual([...titles].reverse().slice(12));
    expect(d.pagination.currentPage).toBe(2);
  });

  it('a page past the end is empty, not an error', async () => {
    const d = await list('?page=9');
    expect(d.projects).toEqual([]);
    expect(d.pagination).toMatchObject({ currentPage: 9, totalPages: 2, totalProjects: 15 });
  });

  it('caps the limit at 100', async () => {
    const d = await list('?limit=100000');
    expect(d.pagination.limit).toBe(100);
    expect(d.projects).toHaveLength(15);
  });

  it('never shows another user their projects', async () => {
    const d = await list('', other);
    expect(titlesOf(d)).toEqual(['Alpha of someone else']);
  });

  it('an account with no projects gets an empty first page', async () => {
    const fresh = await registerUser(t.app);
    expect(await list('', fresh)).toEqual({
      projects: [],
      pagination: { currentPage: 1, totalPages: 0, totalProjects: 0, limit: 12 },
    });
  });
});

describe('filters', () => {
  it('filters by type, status and genre, alone and combined', async () => {
    expect(titlesOf(await list('?type=album'))).toEqual(['Alpha Sessions']);
    expect(titlesOf(await list('?status=mixing'))).toEqual(['100% Analog', 'Beta']);
    expect(titlesOf(await list('?genre=rock'))).toEqual(['100% Analog', 'Alpha Sessions']);
    expect(titlesOf(await list('?genre=blues'))).toEqual(['100% Analog']);
    expect(titlesOf(await list('?type=ep&status=mixing&genre=rock'))).toEqual(['100% Analog']);
    expect(titlesOf(await list('?type=single&status=mixing&genre=rock'))).toEqual([]);
    expect((await list('?genre=other')).pagination.totalProjects).toBe(10);
  });

  it('a genre filter matches the whole genre, not part of one', async () => {
    expect(titlesOf(await list('?genre=hip_hop'))).toEqual(['under_score']);
  });

  it('treats an empty or "all" filter as no filter', async () => {
    expect((await list('?type=&status=all&genre=')).pagination.totalProjects).toBe(15);
  });

  it('counts what the filters leave, for the pagination', async () => {
    const d = await list('?search=filler&limit=5&page=2');
    expect(d.pagination).toEqual({ currentPage: 2, totalPages: 2, totalProjects: 8, limit: 5 });
    expect(titlesOf(d)).toEqual(['Filler 09', 'Filler 08', 'Filler 07']);
  });
});

describe('search', () => {
  it.each([
    ['title, any case', 'ALPHA', ['Alpha Sessions']],
    ['description', 'RADIO', ['Beta']],
    ['tags', 'covers', ['Björk Tribute']],
    ['accented letters, any case', 'BJÖRK', ['Björk Tribute']],
    ['accented tags, any case', 'élan', ['Björk Tribute']],
    ['% literally', '100%', ['100% Analog']],
    ['% alone', '%', ['100% Analog']],
    ['_ literally', '_', ['under_score']],
    ['regex characters literally', '...and (', ['Dots...and (parens)']],
    ['a backslash literally', 'k\\s', ['back\\slash']],
    ['nothing for a miss', 'zzz', []],
    ['leading and trailing spaces trimmed', '  beta  ', ['Beta']],
  ])('matches %s', async (_label, term, expected) => {
    expect(titlesOf(await list(`?search=${encodeURIComponent(term)}`))).toEqual(expected);
  });

  it('never matches across the title, description and tags', async () => {
    expect(titlesOf(await list(`?search=${encodeURIComponent('beta\nradio')}`))).toEqual([]);
    expect(titlesOf(await list(`?search=${encodeURIComponent('beta radio')}`))).toEqual([]);
  });

  it('combines with the filters', async () => {
    expect(titlesOf(await list('?search=a&type=album&status=recording&genre=rock'))).toEqual([
      'Alpha Sessions',
    ]);
  });
});

describe('shared projects', () => {
  it('lists projects shared with the caller beside their own, in activity order, with their access', async () => {
    const guest = await registerUser(t.app, { name: 'Guest' });
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(guest.token),
      payload: { title: 'Guest own' },
    });
    expect(mine.statusCode).toBe(201);
    const d0 = await list('?limit=100', me);
    const target = d0.projects.find((p) => p.title === 'Beta') as unknown as { _id: string };
    await addMember(t.app, me.token, target._id, guest, { permission: 'view', role: 'Mix engineer' });
    // Adding the collaborator is activity: Beta is now the newest.
    const d = await list('', guest);
    expect(titlesOf(d)).toEqual(['Beta', 'Guest own']);
    expect(d.projects.map((p) => (p as unknown as { access: string }).access)).toEqual(['view', 'owner']);
    expect(d.pagination.totalProjects).toBe(2);
    expect(titlesOf(await list('?status=mixing', guest))).toEqual(['Beta']);
    expect(titlesOf(await list('?limit=1&page=2', guest))).toEqual(['Guest own']);
  });
});
