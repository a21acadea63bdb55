// A track's tempo bounds, shared by the track's own fields (media.ts) and a recording's (catalog.ts) without
// either pulling in the other's schemas (the web loads them in different chunks).
export const BPM_MIN = 20;
export const BPM_MAX = 999;
