// The avatar in the profile header, with Upload photo / Remove photo. Checked here first (type, 5 MB) so a wrong
// file gets an answer at once; the server sniffs the content and decides.
import { AVATAR_MAX_BYTES, AVATAR_TYPES, type Profile } from '@mixdesk/contract/profile';
import { useMutation } from '@tanstack/react-query';
import { Camera, ImageUp, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useSetProfile } from '../../lib/account';
import { Avatar } from '../../ui/avatar';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../ui/menu';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { removeAvatar, uploadAvatar } from './api';
import { serverMessage } from './errors';

export const AVATAR_TYPE_ERROR = 'Choose a PNG, JPEG or WebP image.';
export const AVATAR_SIZE_ERROR = 'The image is larger than 5 MB. Choose a smaller one.';

export function AvatarControl({ profile }: { profile: Profile }) {
  const input = useRef<HTMLInputElement>(null);
  const setProfile = useSetProfile();
  const toast = useToast();
  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (next) => {
      setProfile(next);
      toast.notify('success', 'Profile photo updated');
    },
    onError: (err) => toast.notify('error', serverMessage(err, 'Failed to upload the photo')),
  });
  const remove = useMutation({
    mutationFn: removeAvatar,
    onSuccess: (next) => {
      setProfile(next);
      toast.notify('success', 'Profile photo removed');
    },
    onError: (err) => toast.notify('error', serverMessage(err, 'Failed to remove the photo')),
  });
  const busy = upload.isPending || remove.isPending;

  const chosen = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type))
      return toast.notify('error', AVATAR_TYPE_ERROR);
    if (file.size > AVATAR_MAX_BYTES) return toast.notify('error', AVATAR_SIZE_ERROR);
    upload.mutate(file);
  };

  return (
    <div className="relative shrink-0 self-start">
      <Avatar src={profile.avatar} name={profile.name} size="lg" />
      <input
        ref={input}
        type="file"
        accept={AVATAR_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-label="Profile photo file"
        onChange={(event) => chosen(event.target.files?.[0])}
      />
      <Menu>
        <MenuTrigger asChild>
          <button
            type="button"
            disabled={busy}
            aria-label="Change profile photo"
            className="absolute -right-1 -bottom-1 grid size-7 cursor-pointer place-items-center rounded-full border border-border bg-surface text-muted shadow-sm hover:text-text disabled:cursor-wait"
          >
            {busy ? <Spinner size="sm" /> : <Camera aria-hidden="true" className="size-3.5" />}
          </button>
        </MenuTrigger>
        <MenuContent align="start">
          <MenuItem onSelect={() => input.current?.click()}>
            <ImageUp aria-hidden="true" />
            Upload photo
          </MenuItem>
          {profile.avatar && (
            <MenuItem onSelect={() => remove.mutate()}>
              <Trash2 aria-hidden="true" />
              Remove photo
            </MenuItem>
          )}
        </MenuContent>
      </Menu>
    </div>
  );
}
