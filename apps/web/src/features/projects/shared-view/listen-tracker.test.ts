import { describe, expect, it } from 'vitest';
import { createListenTracker, type ListenReport, newListenId } from './listen-tracker';

function tracker() {
  const sent: ListenReport[] = [];
  let n = 0;
  const t = createListenTracker(
    (report) => sent.push(report),
    () => `listen-${++n}`,
  );
  return { t, sent };
}

describe('the listen tracker of a share link', () => {
  it('reports the furthest second reached when the guest pauses', () => {
    const { t, sent } = tracker();
    t.observe('play', 0);
    t.observe('progress', 4.2);
    t.observe('progress', 12.34);
    t.observe('pause', 12.4);
    expect(sent).toEqual([{ listenId: 'listen-1', seconds: 12.4 }]);
  });

  it('keeps one listen across pause and play, and reports again only when it got further', () => {
    const { t, sent } = tracker();
    t.observe('play', 0);
    t.observe('progress', 5);
    t.observe('pause', 5);
    t.observe('pause', 5);
    t.observe('play', 5);
    t.observe('progress', 9);
    t.observe('pause', 9);
    expect(sent).toEqual([
      { listenId: 'listen-1', seconds: 5 },
      { listenId: 'listen-1', seconds: 9 },
    ]);
  });

  it('reports what was reached before a seek jumps away', () => {
    const { t, sent } = tracker();
    t.observe('play', 0);
    t.observe('progress', 7);
    t.observe('seeking', 30);
    t.observe('progress', 31);
    t.observe('pause', 31.5);
    expect(sent).toEqual([
      { listenId: 'listen-1', seconds: 7 },
      { listenId: 'listen-1', seconds: 31.5 },
    ]);
  });

  it('does not count the playhead moved while paused', () => {
    const { t, sent } = tracker();
    t.observe('play', 0);
    t.observe('progress', 3);
    t.observe('pause', 3);
    t.observe('seeking', 40);
    t.observe('progress', 40);
    t.flush();
    expect(sent).toEqual([{ listenId: 'listen-1', seconds: 3 }]);
  });

  it('ends the listen at the end of the track; the next Play is a new listen', () => {
    const { t, sent } = tracker();
    t.observe('play', 0);
    t.observe('progress', 19.8);
    t.observe('pause', 20);
    t.observe('ended', 20);
    t.observe('play', 0);
    t.observe('progress', 2);
    t.observe('pause', 2);
    expect(sent).toEqual([
      { listenId: 'listen-1', seconds: 20 },
      { listenId: 'listen-2', seconds: 2 },
    ]);
  });

  it('reports when the page is hidden and when it moves on, and never a listen that did not move', () => {
    const { t, sent } = tracker();
    t.observe('play', 0);
    t.flush();
    expect(sent).toEqual([]);
    t.observe('progress', 6);
    t.flush();
    t.observe('progress', 8);
    t.finish();
    t.finish();
    expect(sent).toEqual([
      { listenId: 'listen-1', seconds: 6 },
      { listenId: 'listen-1', seconds: 8 },
    ]);
  });

  it('names the next listen before its Play (the audio URL carries it), and a new one after the end', () => {
    const { t, sent } = tracker();
    const first = t.id();
    expect(t.id()).toBe(first);
    t.observe('play', 0);
    t.observe('progress', 3);
    t.observe('ended', 3);
    const second = t.id();
    expect(second).not.toBe(first);
    t.observe('play', 0);
    t.observe('pause', 1);
    expect(sent).toEqual([
      { listenId: first, seconds: 3 },
      { listenId: second, seconds: 1 },
    ]);
  });

  it('makes listen ids the server accepts', () => {
    const id = newListenId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newListenId()).not.toBe(id);
  });
});
