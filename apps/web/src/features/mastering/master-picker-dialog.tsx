// The dashboard's AI Mastering (SPEC's label for loudness mastering): pick a project I can edit, a track and a
// version, then the same form, progress and result as on the tracks page, with a link to the track.
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { type Picked, PickerForm } from '../../ui/version-picker-form';
import { MASTER_METHOD } from './master-form';
import { MasterPanel } from './master-panel';

export function MasterPickerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [picked, setPicked] = useState<Picked | null>(null);
  const close = () => {
    setPicked(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={picked ? `Master · ${picked.versionLabel}` : 'Loudness mastering'}
      description={picked ? `${picked.project.title} · ${picked.trackTitle}` : undefined}
      className="sm:max-w-xl"
    >
      {picked ? (
        <div className="flex flex-col gap-4">
          <Button size="sm" variant="ghost" className="self-start" onClick={() => setPicked(null)}>
            <ArrowLeft aria-hidden="true" />
            Pick another version
          </Button>
          <MasterPanel
            version={{ projectId: picked.project._id, trackId: picked.trackId, versionId: picked.versionId }}
            trackTitle={picked.trackTitle}
            trackLink={`/projects/${encodeURIComponent(picked.project._id)}/tracks`}
          />
        </div>
      ) : (
        <PickerForm intro={MASTER_METHOD} submitLabel="Continue" editableOnly onPick={setPicked} />
      )}
    </Modal>
  );
}
