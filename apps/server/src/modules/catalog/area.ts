// The catalog area (issue #37): credits, splits and releases. Works (compositions), a track's recording (its
// master), releases with their readiness, artwork and files (label copy, DDEX, CSV), rounds of agreement on
// splits with the parties' emailed links and the sealed split sheet, and the private release calendar.
import type { Area } from '../../platform/area.ts';
import { agreeRoutes } from './agree-routes.ts';
import { recordingAgreementRoutes, workAgreementRoutes } from './agreement-routes.ts';
import { calendarRoutes } from './calendar-routes.ts';
import { filesRoutes } from './files-routes.ts';
import { recordingsRoutes, releasesRoutes, worksRoutes } from './routes.ts';
import { seedCatalog } from './seed.ts';
import { catalogUserData } from './user-data.ts';

export const catalogArea: Area = {
  name: 'catalog',
  routes: [
    { prefix: '/api/works', plugin: worksRoutes },
    { prefix: '/api/works', plugin: workAgreementRoutes },
    { prefix: '/api/projects', plugin: recordingsRoutes },
    { prefix: '/api/projects', plugin: recordingAgreementRoutes },
    { prefix: '/api/releases', plugin: releasesRoutes },
    { prefix: '/api/releases', plugin: filesRoutes },
    { prefix: '/api/agree', plugin: agreeRoutes },
    { prefix: '/api/calendar', plugin: calendarRoutes },
  ],
  seed: seedCatalog,
  userData: catalogUserData,
  storedKeys: (db) => [
    db.selectFrom('releases').select('artwork_key as key'),
    db.selectFrom('agreement_rounds').select('sheet_key as key'),
  ],
};
