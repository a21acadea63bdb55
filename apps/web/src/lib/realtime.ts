// The realtime connection (SPEC §4 Realtime, §7 Realtime socket): Socket.IO, only while a token is stored, with the
// spec's reconnection settings. Tracks connected/disconnected, the presence list and the project being watched.
import {
  LIVE_EVENTS,
  type LiveEvent,
  type PresenceEntry,
  SERVER_EVENTS,
  type ServerEvent,
  type ServerEventData,
} from '@mixdesk/contract/realtime-events';
import { useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import { api } from './api';
import { createEmitter } from './emitter';

export type { LiveEvent, PresenceEntry };

/** The payload of a server event as the contract reads it, or null (logged) when it does not parse. */
function read<E extends ServerEvent>(event: E, payload: unknown): ServerEventData<E> | null {
  const parsed = SERVER_EVENTS[event].safeParse(payload);
  if (parsed.success) return parsed.data as ServerEventData<E>;
  console.warn(`Ignoring a malformed ${event}`, payload);
  return null;
}

type LiveData = { [E in LiveEvent]: ServerEventData<E> };

export interface RealtimeState {
  status: 'connected' | 'disconnected';
  presence: PresenceEntry[];
  currentProjectId: string | null;
}

export const SOCKET_OPTIONS = {
  transports: ['websocket', 'polling'],
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  timeout: 20000,
};

/** The server's refusals (the `data.code` of a connect_error) that a later try may not meet. */
const RETRIED_REFUSALS = new Set(['SERVICE_UNAVAILABLE', 'INTERNAL']);

const INITIAL: RealtimeState = { status: 'disconnected', presence: [], currentProjectId: null };

export function createRealtime(options: { url?: string; getToken: () => string | null }) {
  let socket: Socket | null = null;
  let state = INITIAL;
  const listeners = new Set<() => void>();
  const events = createEmitter<{ 'closed-by-server': undefined }>();
  /** Events of the rooms this connection is in (comment:new, job:updated, …), by name, read by the contract. */
  const liveEvents = createEmitter<LiveData>();
  /** Projects a screen watches besides the one open (an analysis from the dashboard): how many watchers each. */
  const watched = new Map<string, number>();

  const update = (patch: Partial<RealtimeState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  const upsert = (entry: PresenceEntry) =>
    update({ presence: [...state.presence.filter((p) => p.userId !== entry.userId), entry] });

  // Socket.IO's client is fetched with the first connection, so signed-out visitors never download it
  // (decision 012). Every connect and disconnect starts a new attempt; a load that finishes late opens nothing.
  let attempt = 0;
  let loading = false;
  /** Refusals in a row for a passing reason, and the timer of the next try (see connect_error). */
  let refusals = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  function connect(): void {
    if (socket || loading || !options.getToken()) return;
    const mine = ++attempt;
    loading = true;
    import('socket.io-client').then(
      ({ io }) => {
        if (mine !== attempt) return;
        loading = false;
        open(io);
      },
      (error: unknown) => {
        if (mine === attempt) loading = false;
        console.warn('Could not load the realtime client', error);
      },
    );
  }

  function open(io: typeof import('socket.io-client').io): void {
    // auth as a function so every reconnection presents the latest (refreshed) token.
    const next = io(options.url || undefined, {
      ...SOCKET_OPTIONS,
      auth: (send) => send({ token: options.getToken() ?? '' }),
    });
    next.on('connect', () => {
      update({ status: 'connected' });
      // A new connection starts outside every room: the open project and the watched ones are joined again.
      if (state.currentProjectId) next.emit('join:project', { projectId: state.currentProjectId });
      for (const projectId of watched.keys())
        if (projectId !== state.currentProjectId) next.emit('join:project', { projectId });
    });
    for (const name of LIVE_EVENTS)
      next.on(name, (payload: unknown) => {
        const data = read(name, payload);
        if (data !== null) liveEvents.emit(name, data);
      });
    next.on('disconnect', (reason) => {
      update({ status: 'disconnected', presence: [] });
      // The server ended it (the session was signed out, or the server is restarting): Socket.IO does not
      // reconnect by itself after that, so whoever knows the session decides (onClosedByServer, reconnect).
      if (reason === 'io server disconnect') events.emit('closed-by-server', undefined);
    });
    // Presence is the open project's: a watched project's room sends its own, which is not this screen's.
    const ofOpenProject = (projectId: string) => projectId === state.currentProjectId;
    next.on('presence:update', (payload: unknown) => {
      const data = read('presence:update', payload);
      if (data && ofOpenProject(data.projectId)) update({ presence: data.users });
    });
    next.on('user:joined', (payload: unknown) => {
      const data = read('user:joined', payload);
      // Shown at once as online; the room's next presence:update (within 50 ms) brings the rest.
      if (data && ofOpenProject(data.projectId) && !state.presence.some((p) => p.userId === data.userId))
        upsert({ userId: data.userId, status: 'online', lastSeen: new Date().toISOString() });
    });
    next.on('user:status:changed', (payload: unknown) => {
      const data = read('user:status:changed', payload);
      const known = data && state.presence.find((p) => p.userId === data.userId);
      if (data && known && ofOpenProject(data.projectId)) upsert({ ...known, status: data.status });
    });
    next.on('user:left', (payload: unknown) => {
      const data = read('user:left', payload);
      if (data && ofOpenProject(data.projectId))
        update({ presence: state.presence.filter((p) => p.userId !== data.userId) });
    });
    next.on('error', (error: unknown) => console.warn('Realtime error', error));
    next.on('connect_error', (error: Error & { data?: { code?: string } }) => {
      // Refused by the server for a passing reason (its database not answering): Socket.IO does not try again
      // after a refusal (`active` is false), so this does, with the usual back-off. A refused token stays
      // refused: the session's own checks decide about that. A failed transport Socket.IO retries itself.
      if (next.active || !RETRIED_REFUSALS.has(error.data?.code ?? '')) return;
      const delay = Math.min(
        SOCKET_OPTIONS.reconnectionDelayMax,
        SOCKET_OPTIONS.reconnectionDelay * 2 ** refusals++,
      );
      retry = setTimeout(() => {
        if (socket === next && !next.connected) next.connect();
      }, delay);
    });
    next.on('connect', () => {
      refusals = 0;
    });
    socket = next;
  }

  function disconnect(): void {
    clearTimeout(retry);
    attempt++;
    loading = false;
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = null;
    update(INITIAL);
  }

  function leaveProject(): void {
    const leaving = state.currentProjectId;
    if (leaving && !watched.has(leaving)) socket?.emit('leave:project', { projectId: leaving });
    update({ currentProjectId: null, presence: [] });
  }

  /** Keeps this connection in a project's room (for its job updates) until the returned release is called. */
  function watchProject(projectId: string): () => void {
    connect();
    const count = watched.get(projectId) ?? 0;
    watched.set(projectId, count + 1);
    if (count === 0 && state.currentProjectId !== projectId) socket?.emit('join:project', { projectId });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (watched.get(projectId) ?? 1) - 1;
      if (left > 0) {
        watched.set(projectId, left);
        return;
      }
      watched.delete(projectId);
      if (state.currentProjectId !== projectId) socket?.emit('leave:project', { projectId });
    };
  }

  function joinProject(projectId: string): void {
    if (state.currentProjectId === projectId) return;
    if (state.currentProjectId) leaveProject();
    update({ currentProjectId: projectId });
    socket?.emit('join:project', { projectId });
  }

  return {
    connect,
    disconnect,
    joinProject,
    leaveProject,
    updatePresence: (status: string) => socket?.emit('presence:update', { status }),
    /** Opens the connection again after the server closed it (with the usual back-off while it is down). */
    reconnect(): void {
      if (socket && !socket.connected) socket.connect();
    },
    watchProject,
    /** Calls `listener` with every job:updated payload of the rooms this connection is in; returns the unsubscribe. */
    onJobUpdated: (listener: (job: ServerEventData<'job:updated'>) => void): (() => void) =>
      liveEvents.on('job:updated', listener),
    /** Calls `listener` with each `event` payload of the rooms this connection is in; returns the unsubscribe. */
    onLiveEvent: <E extends LiveEvent>(
      event: E,
      listener: (data: ServerEventData<E>) => void,
    ): (() => void) => liveEvents.on(event, listener as (data: LiveData[E]) => void),
    /** Calls `listener` each time the server closes the connection; returns the unsubscribe. */
    onClosedByServer: (listener: () => void): (() => void) => events.on('closed-by-server', listener),
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;

export const realtime = createRealtime({ url: import.meta.env.VITE_SOCKET_URL, getToken: api.tokens.get });

export function useRealtime(): RealtimeState {
  return useSyncExternalStore(realtime.subscribe, realtime.getState, realtime.getState);
}
