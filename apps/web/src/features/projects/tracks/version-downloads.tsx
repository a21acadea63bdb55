// A version's downloads: its original file, its listening copies once made, all of it as one ZIP (the
// version's package: the mix, its stems, markers and checksums), and its comments as markers for a
// DAW (issue #35): an Audacity label track, a REAPER marker list, a MIDI file, or a WAV copy with cue points.
import type { MarkerFormat } from '@mixdesk/contract/comments';
import type { TrackVersion } from '@mixdesk/contract/media';
import { fillPath } from '@mixdesk/contract/routes';
import { markerRoutes } from '@mixdesk/contract/routes/markers';
import { Download } from 'lucide-react';
import { Button } from '../../../ui/button';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '../../../ui/menu';
import { startDownload } from '../media/download';
import { versionPackageUrl } from '../stems/package-links';

const MARKER_FILES: { format: MarkerFormat; label: string }[] = [
  { format: 'audacity', label: 'Audacity labels (.txt)' },
  { format: 'reaper', label: 'REAPER markers (.csv)' },
  { format: 'midi', label: 'MIDI markers (.mid)' },
  { format: 'wav', label: 'WAV with markers (.wav)' },
];

export function VersionDownloads({ version: v }: { version: TrackVersion }) {
  const markers = (format: MarkerFormat) =>
    `${fillPath(markerRoutes.export.path, { id: v.projectId, trackId: v.trackId, versionId: v._id })}?format=${format}`;
  return (
    <Menu>
      <MenuTrigger asChild>
        <Button size="icon" variant="ghost" aria-label={`Downloads of ${v.label}`}>
          <Download aria-hidden="true" />
        </Button>
      </MenuTrigger>
      <MenuContent>
        <MenuLabel>Audio</MenuLabel>
        <MenuItem onSelect={() => void startDownload(`${v.audioUrl}?download=1`)}>
          Original ({v.format.toUpperCase()})
        </MenuItem>
        {v.copies.lossless?.status === 'done' && (
          <MenuItem onSelect={() => void startDownload(`${v.audioUrl}?copy=lossless&download=1`)}>
            Lossless copy (FLAC)
          </MenuItem>
        )}
        {v.copies.compact.status === 'done' && (
          <MenuItem onSelect={() => void startDownload(`${v.audioUrl}?copy=compact&download=1`)}>
            Compact copy (AAC)
          </MenuItem>
        )}
        <MenuItem asChild>
          <a
            href={versionPackageUrl({ projectId: v.projectId, trackId: v.trackId, versionId: v._id })}
            download
          >
            Download all (ZIP: mix, stems, markers)
          </a>
        </MenuItem>
        <MenuSeparator />
        <MenuLabel>Export markers (the comments)</MenuLabel>
        {MARKER_FILES.map((m) => (
          <MenuItem key={m.format} onSelect={() => void startDownload(markers(m.format))}>
            {m.label}
          </MenuItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
