// Labels and badge tones for the project enums, shared by the list, the forms, the project page
// and the documents' auto-populate dialog.
import {
  enumLabel,
  PROJECT_GENRES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  type ProjectStatus,
} from '@mixdesk/contract/projects';
import type { BadgeTone } from './badge';

export const TYPE_OPTIONS = PROJECT_TYPES.map((value) => ({ value, label: enumLabel(value) }));
export const STATUS_OPTIONS = PROJECT_STATUSES.map((value) => ({ value, label: enumLabel(value) }));
export const GENRE_OPTIONS = PROJECT_GENRES.map((value) => ({ value, label: enumLabel(value) }));

export const STATUS_TONE: Record<ProjectStatus, BadgeTone> = {
  planning: 'neutral',
  in_progress: 'info',
  recording: 'danger',
  mixing: 'accent',
  mastering: 'warning',
  completed: 'success',
  released: 'success',
  archived: 'neutral',
};

export { enumLabel };
