// Reports a guest's listening on a share link: one tracker per version in the player, told of what the audio
// does, reporting when the page is hidden or closed, and closing the listen when the version changes.
import { useCallback, useEffect, useMemo } from 'react';
import type { PlaybackEvent } from '../tracks/track-player';
import { reportPlay } from './api';
import { createListenTracker } from './listen-tracker';

export function useListenReports(token: string, versionId: string) {
  const tracker = useMemo(
    () => createListenTracker((report) => reportPlay(token, versionId, report)),
    [token, versionId],
  );

  useEffect(() => {
    // visibilitychange covers switching tabs and phones locking; pagehide covers closing and navigating away.
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') tracker.flush();
    };
    const onPageHide = () => tracker.flush();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      tracker.finish();
    };
  }, [tracker]);

  const onPlayback = useCallback(
    (event: PlaybackEvent, seconds: number) => tracker.observe(event, seconds),
    [tracker],
  );
  return { onPlayback, listenId: tracker.id };
}
