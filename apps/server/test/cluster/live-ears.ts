// Sockets a cluster test opens on one instance or the other, each keeping every event it receives, so a test
// can cause something through one instance and wait (with `until`, never a sleep) for a given event to reach
// the other; a wait that runs out names the event, what it was about and where it was expected.
import { type ActivityEvent, ActivityEventSchema } from '@mixdesk/contract/activity';
import { type NotificationEvent, NotificationEventSchema } from '@mixdesk/contract/notifications';
import type { Socket } from 'socket.io-client';
import { open } from '../../src/platform/realtime/realtime-testing.ts';
import type { SignedIn } from '../helper.ts';
import type { Instance } from '../instance-process.ts';
import { until } from '../services.ts';

/** How long an event may take to cross through Redis before the wait fails (it takes milliseconds). */
const CROSS_WITHIN_MS = 10_000;

export interface Ear {
  /** "Viewer's socket on B": what a failed wait names. */
  name: string;
  socket: Socket;
  /** Every event received so far, oldest first. */
  heard: { event: string; payload: unknown }[];
  /** From now on: the waits look only at what arrives after this call (call it before causing the event). */
  listen(): void;
  /** The first `event` since `listen()` whose payload `matches`; fails naming it when none arrives in time. */
  hears<T>(event: string, what: string, matches?: (payload: T) => boolean): Promise<T>;
  /** The first notification:new of `kind` since `listen()`, as the contract reads it. */
  told(kind: string, what: string): Promise<NotificationEvent>;
  /** The first activity:new of `kind` since `listen()`, as the contract reads it. */
  activity(kind: string, what: string): Promise<ActivityEvent>;
}

/** Opens a socket as `who` on `instance`, recording what it hears; `opened` collects it for closing. */
export async function ear(instance: Instance, who: SignedIn, opened: Socket[]): Promise<Ear> {
  const socket = await open(instance.url, who.token);
  opened.push(socket);
  const heard: Ear['heard'] = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  let from = 0;
  const name = `${who.user.name}'s socket on ${instance.name.toUpperCase()}`;
  const hears = async <T>(event: string, what: string, matches: (payload: T) => boolean = () => true) => {
    const find = () =>
      heard.slice(from).find((h) => h.event === event && matches(h.payload as T))?.payload as T | undefined;
    await until(async () => find() !== undefined, CROSS_WITHIN_MS, `${event} (${what}) to reach ${name}`);
    return find() as T;
  };
  return {
    name,
    socket,
    heard,
    listen: () => {
      from = heard.length;
    },
    hears,
    told: async (kind, what) =>
      NotificationEventSchema.parse(
        await hears<NotificationEvent>('notification:new', what, (p) => p.notification.kind === kind),
      ),
    activity: async (kind, what) =>
      ActivityEventSchema.parse(
        await hears<ActivityEvent>('activity:new', what, (p) => p.activity.kind === kind),
      ),
  };
}
