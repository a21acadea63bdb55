// A version's stems in a dialog, opened from the version's row (loaded only then: tracks/version-list.tsx).
import type { TrackVersion } from '@mixdesk/contract/media';
import { Modal } from '../../../ui/dialog';
import { StemsPanel } from './stems-panel';

export function StemsDialog({
  version,
  trackTitle,
  canEdit,
  onClose,
  onChanged,
}: {
  version: TrackVersion;
  trackTitle: string;
  canEdit: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Stems · ${version.label}`}
      description={trackTitle}
      className="sm:max-w-4xl"
    >
      <StemsPanel version={version} trackTitle={trackTitle} canEdit={canEdit} onChanged={onChanged} />
    </Modal>
  );
}
