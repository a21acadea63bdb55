// A release's artwork: the image and its size, upload (the server checks it: JPEG or PNG, square, 1400 to
// 6000 px, RGB, and says plainly what is wrong) and removal.
import type { Release } from '@mixdesk/contract/catalog';
import { useMutation } from '@tanstack/react-query';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { formatBytes } from '../../lib/format-bytes';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { removeArtwork, uploadArtwork } from './api';
import { errorText } from './errors';

interface Props {
  release: Release;
  onChanged: (release: Release) => void;
}

export function ReleaseArtwork({ release, onChanged }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadArtwork(release._id, file),
    onSuccess: onChanged,
  });
  const remove = useMutation({ mutationFn: () => removeArtwork(release._id), onSuccess: onChanged });
  const art = release.artwork;
  return (
    <section aria-labelledby="release-artwork" className="flex flex-col gap-2">
      <h2 id="release-artwork" className="text-base font-semibold">
        Artwork
      </h2>
      {art ? (
        <figure className="flex flex-col gap-1">
          <img
            src={`${art.url}?v=${encodeURIComponent(release.updatedAt)}`}
            alt={`Artwork of ${release.title}`}
            className="aspect-square w-full max-w-64 rounded-md border border-border object-cover"
          />
          <figcaption className="text-xs text-muted">
            {art.format.toUpperCase()} · {art.width} × {art.height} px · {formatBytes(art.size)}
          </figcaption>
        </figure>
      ) : (
        <p className="text-sm text-muted">JPEG or PNG, square, 1400 to 6000 px on a side, RGB.</p>
      )}
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png"
        className="sr-only"
        tabIndex={-1}
        aria-label="Artwork image"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) upload.mutate(file);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => input.current?.click()} loading={upload.isPending}>
          <ImagePlus aria-hidden="true" />
          {art ? 'Replace artwork' : 'Upload artwork'}
        </Button>
        {art && (
          <Button size="sm" variant="ghost" onClick={() => remove.mutate()} loading={remove.isPending}>
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        )}
      </div>
      {upload.isError && (
        <Alert type="error">{errorText(upload.error, 'The artwork could not be uploaded')}</Alert>
      )}
      {remove.isError && (
        <Alert type="error">{errorText(remove.error, 'The artwork could not be removed')}</Alert>
      )}
    </section>
  );
}
