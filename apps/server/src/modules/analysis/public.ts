// The analysis area's public entry: what other areas may use of it (scripts/check-architecture.mjs).
export { type AudioShape, analyseFile } from './analyse.ts';
export { keepFigures, storedFigures } from './figures.ts';
export { channelWeights, highPassFilter, shelfFilter } from './k-weighting.ts';
export { PeakMeter } from './true-peak.ts';
