// What the webhooks screen calls each event: every type the contract knows has words, and a webhook's events
// read as one short line.
import { describe, expect, it } from 'vitest';
import { eventsSummary, UNLABELLED_EVENTS } from './webhooks-api';

describe('webhook events in words', () => {
  it('has words for every event type the contract knows', () => {
    expect(UNLABELLED_EVENTS).toEqual([]);
  });

  it('says "All events" for *, names up to three, and counts the rest', () => {
    expect(eventsSummary(['*'])).toBe('All events');
    expect(eventsSummary(['track_added', 'document_signed'])).toBe('Track added, Signed');
    expect(
      eventsSummary(['project_created', 'track_added', 'comment_added', 'document_paid', 'document_voided']),
    ).toBe('Project created, Track added, Comment added and 2 more');
    // A type this screen does not know yet is shown by its name.
    expect(eventsSummary(['stem_added'])).toBe('stem_added');
  });
});
