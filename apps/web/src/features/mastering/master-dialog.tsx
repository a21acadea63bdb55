// Mastering a version from the tracks page: the form, progress and result in a dialog; Play puts the new
// version in the page's player and closes the dialog.

import type { VersionRef } from '../../lib/tracks-api';
import { Modal } from '../../ui/dialog';
import { MasterPanel } from './master-panel';

export function MasterDialog({
  version,
  trackTitle,
  onPlay,
  onClose,
}: {
  version: (VersionRef & { label: string }) | null;
  trackTitle: string;
  onPlay: (versionId: string) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={version !== null}
      onOpenChange={(open) => !open && onClose()}
      title={version ? `Master · ${version.label}` : 'Master'}
      description={trackTitle}
      className="sm:max-w-xl"
    >
      {version && (
        <MasterPanel
          // A new version starts a new form.
          key={version.versionId}
          version={version}
          trackTitle={trackTitle}
          onPlay={(id) => {
            onPlay(id);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
