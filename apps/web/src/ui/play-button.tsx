// The round play/pause button of every player: a version's, the A/B compare, the stems mixer.
import { Pause, Play } from 'lucide-react';
import { Button } from './button';

export function PlayButton({ playing, onClick }: { playing: boolean; onClick: () => void }) {
  return (
    <Button
      variant="primary"
      size="icon"
      className="size-10 rounded-full"
      onClick={onClick}
      aria-label={playing ? 'Pause' : 'Play'}
    >
      {playing ? (
        <Pause aria-hidden="true" className="size-5" />
      ) : (
        <Play aria-hidden="true" className="size-5" />
      )}
    </Button>
  );
}
