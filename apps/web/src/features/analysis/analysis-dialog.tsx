// The analysis of one version in a dialog, opened from a version in the tracks list.

import type { VersionRef } from '../../lib/tracks-api';
import { Modal } from '../../ui/dialog';
import { AnalysisView } from './analysis-view';

export function AnalysisDialog({
  version,
  title,
  canEdit,
  onClose,
}: {
  version: (VersionRef & { label: string }) | null;
  title: string;
  canEdit: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      open={version !== null}
      onOpenChange={(open) => !open && onClose()}
      title={version ? `Analysis · ${version.label}` : 'Analysis'}
      description={title}
      className="sm:max-w-3xl"
    >
      {version && <AnalysisView version={version} canEdit={canEdit} />}
    </Modal>
  );
}
