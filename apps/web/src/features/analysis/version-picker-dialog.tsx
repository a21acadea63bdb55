// The dashboard's audio analysis: pick a project, a track and one of its versions, then see that version's
// analysis in the same dialog (the same view as on the tracks page).
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { ANALYSIS_METHOD } from '../../lib/analysis-format';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { type Picked, PickerForm } from '../../ui/version-picker-form';
import { AnalysisView } from './analysis-view';

export function VersionPickerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [picked, setPicked] = useState<Picked | null>(null);
  const close = () => {
    setPicked(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={picked ? `Analysis · ${picked.versionLabel}` : 'Audio analysis'}
      description={picked ? `${picked.project.title} · ${picked.trackTitle}` : undefined}
      className={picked ? 'sm:max-w-3xl' : undefined}
    >
      {picked ? (
        <div className="flex flex-col gap-4">
          <Button size="sm" variant="ghost" className="self-start" onClick={() => setPicked(null)}>
            <ArrowLeft aria-hidden="true" />
            Pick another version
          </Button>
          <AnalysisView
            version={{ projectId: picked.project._id, trackId: picked.trackId, versionId: picked.versionId }}
            canEdit={picked.project.access !== 'view'}
          />
        </div>
      ) : (
        <PickerForm intro={ANALYSIS_METHOD} submitLabel="Show analysis" onPick={setPicked} />
      )}
    </Modal>
  );
}
