// Demo mode (SPEC §4): with no stored token the list shows three sample projects after about 800 ms, and
// create, edit and delete work on this local copy only. Their titles say they are samples, so none is taken for
// one of the demo account's real projects (issue #32); the cards mark them too and open nothing.
import type { Project } from '@mixdesk/contract/project-responses';
import type { ProjectFilters } from '../../lib/projects-api';

export const TOKEN_REQUIRED_MESSAGE = 'Access token required';

const owner = { _id: 'demo-owner', name: 'Sample Producer', email: 'sample@example.com' };
const day = 24 * 3600 * 1000;
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString();

const blankMetadata: Project['metadata'] = {
  genre: ['other'],
  targetReleaseDate: null,
  recordLabel: null,
  producer: null,
  engineer: null,
  studio: null,
};

function sample(id: string, daysAgo: number, fields: Partial<Project> & Pick<Project, 'title'>): Project {
  return {
    _id: id,
    description: '',
    type: 'single',
    status: 'planning',
    owner,
    collaborators: [],
    metadata: blankMetadata,
    tags: [],
    trackCount: 0,
    totalDuration: 0,
    totalFileSize: 0,
    createdAt: at(daysAgo + 30),
    updatedAt: at(daysAgo),
    lastActivityAt: at(daysAgo),
    access: 'owner',
    ...fields,
  };
}

export function demoProjects(): Project[] {
  return [
    sample('demo-1', 0.2, {
      title: 'Sample Album',
      description: 'Debut full-length: late-night synth-pop recorded between Lisbon and Berlin.',
      type: 'album',
      status: 'mixing',
      metadata: { ...blankMetadata, genre: ['electronic', 'pop'], studio: 'Hansa Studio 2' },
      tags: ['synthwave', 'analog', 'vocals', 'dolby-atmos'],
      trackCount: 11,
      totalDuration: 2538,
      totalFileSize: 4_831_838_208,
    }),
    sample('demo-2', 2, {
      title: 'Sample EP',
      description: 'Four warm, sample-based beats with live bass and Rhodes.',
      type: 'ep',
      status: 'recording',
      metadata: { ...blankMetadata, genre: ['hip_hop', 'soul'] },
      tags: ['boom-bap', 'live bass'],
      trackCount: 4,
      totalDuration: 754,
      totalFileSize: 612_368_384,
    }),
    sample('demo-3', 5, {
      title: 'Sample Single',
      description: 'Acoustic lead single; radio edit and instrumental due to the label.',
      type: 'single',
      status: 'mastering',
      metadata: { ...blankMetadata, genre: ['folk'], recordLabel: 'Quiet Field' },
      tags: ['acoustic'],
      trackCount: 2,
      totalDuration: 412,
      totalFileSize: 148_897_792,
    }),
  ];
}

/** A local project made by the form in demo mode. */
export function demoProject(
  fields: Pick<Project, 'title' | 'description' | 'type'> & { genre: Project['metadata']['genre'] },
) {
  const { genre, ...rest } = fields;
  return sample(`demo-${Date.now().toString(36)}`, 0, { ...rest, metadata: { ...blankMetadata, genre } });
}

/** The list's filters, applied to the local demo projects as the server would apply them. */
export function filterDemo(projects: Project[], f: ProjectFilters): Project[] {
  const term = f.search.trim().toLowerCase();
  return projects.filter(
    (p) =>
      (!f.type || p.type === f.type) &&
      (!f.status || p.status === f.status) &&
      (!f.genre || p.metadata.genre.includes(f.genre)) &&
      (!term || [p.title, p.description, ...p.tags].some((text) => text.toLowerCase().includes(term))),
  );
}
