// The realtime endpoint (Socket.IO on the app's own port), authenticated with the same access token.
// Project rooms are opened by the areas that own projects through `setProjectAccessCheck`, and closed to a
// person removed from a project (or to everyone, when it is deleted) through `leaveProject`/`closeProject`;
// presence is per room. Every client payload is checked against the contract (@mixdesk/contract/realtime),
// and each socket's events are rate-limited.
import { CLIENT_EVENTS, REALTIME_TOO_MANY_EVENTS } from '@mixdesk/contract/realtime';
import type { ServerEvent, ServerToClientEvents } from '@mixdesk/contract/realtime-events';
import type { FastifyInstance } from 'fastify';
import { type Socket as AnySocket, type DefaultEventsMap, Server } from 'socket.io';
import type { z } from 'zod';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../db/unavailable.ts';
import type { LiveConnections } from '../context.ts';
import { resolveAccessToken, sessionEndsAt } from '../security/auth.ts';
import { forgetSession, forgetUserSessions } from '../security/session-cache.ts';
import { useRedisAdapter } from './realtime-redis.ts';

/** Socket.IO typed by the contract's map: every emit, presence included, names a listed event and its shape. */
type LiveServer = Server<DefaultEventsMap, ServerToClientEvents>;
type Socket = AnySocket<DefaultEventsMap, ServerToClientEvents>;

export interface PresenceEntry {
  userId: string;
  status: string;
  lastSeen: string;
}

/** Says whether a user may join a project's room; areas that own projects provide it. */
export type ProjectAccessCheck = (userId: string, projectId: string) => Promise<boolean>;

export interface Realtime extends LiveConnections {
  io: LiveServer;
  setProjectAccessCheck(check: ProjectAccessCheck): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const room = (projectId: string) => `project:${projectId}`;
const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** setTimeout's longest delay (about 24.8 days); sessions can last longer, so the check re-arms itself. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** After a check that could not reach the database, the next one; the socket stays open meanwhile. */
const RETRY_CHECK_MS = 60_000;

/**
 * Closes a socket when its session expires (signing out closes it at once, through `endSessions`). At the
 * expiry it asks again: a refresh may have extended the session, and then it waits for the new end.
 */
function closeWhenSessionEnds(app: FastifyInstance, socket: Socket): void {
  let timer: NodeJS.Timeout | undefined;
  const arm = (at: number) => {
    if (!socket.connected) return;
    timer = setTimeout(check, Math.min(Math.max(at - Date.now(), 0), MAX_TIMER_MS));
    timer.unref();
  };
  const check = () => {
    sessionEndsAt(app, socket.data.sessionId).then(
      (endsAt) => (endsAt === null ? socket.disconnect(true) : arm(endsAt)),
      (err) => {
        app.log.warn({ service: 'realtime', err }, 'Could not check the session of a live connection');
        arm(Date.now() + RETRY_CHECK_MS);
      },
    );
  };
  socket.on('disconnect', () => clearTimeout(timer));
  check();
}

/**
 * Events a socket may send: 20 a second sustained, in bursts of up to 40 (opening a project sends two or
 * three; a client sending more is broken or hostile). A token bucket per socket, in memory: it limits one
 * connection, so it needs no shared store. Past it events are dropped unanswered, and the socket is told
 * (an `error` event) at most once a second; it is not disconnected, so a client that slows down recovers.
 */
export const SOCKET_EVENTS_PER_SECOND = 20;
export const SOCKET_EVENT_BURST = 40;
const TOO_MANY_NOTICE_MS = 1000;

function limitEvents(app: FastifyInstance, socket: Socket): void {
  let tokens = SOCKET_EVENT_BURST;
  let filledAt = Date.now();
  let toldAt = Number.NEGATIVE_INFINITY;
  socket.use((_packet, next) => {
    const now = Date.now();
    tokens = Math.min(SOCKET_EVENT_BURST, tokens + ((now - filledAt) / 1000) * SOCKET_EVENTS_PER_SECOND);
    filledAt = now;
    if (tokens >= 1) {
      tokens -= 1;
      next();
      return;
    }
    // Dropped: `next` is not called, so no handler runs.
    if (now - toldAt < TOO_MANY_NOTICE_MS) return;
    if (toldAt === Number.NEGATIVE_INFINITY)
      app.log.warn({ service: 'realtime', userId: socket.data.userId }, 'A socket sent too many events');
    toldAt = now;
    socket.emit('error', { message: REALTIME_TOO_MANY_EVENTS });
  });
}

/** How long a room's presence change waits for others to go out with it. */
export const PRESENCE_COALESCE_MS = 50;

/** Sent to the other instances when sessions end (sign-out, revocation, a password change). */
const SESSIONS_ENDED = 'sessions:ended';
type SessionsEnded = Parameters<LiveConnections['endSessions']>[0];

export async function attachRealtime(app: FastifyInstance, redisUrl?: string): Promise<Realtime> {
  const io: LiveServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    connectTimeout: 20_000,
  });
  const redisReady = redisUrl ? await useRedisAdapter(app, io, redisUrl) : () => false;
  // Another instance ended sessions: its requests must not be let in by this instance's session cache
  // for the rest of the cache's second (only the Redis adapter carries messages between instances).
  io.on(SESSIONS_ENDED, (which: SessionsEnded) => {
    if ('sessionId' in which) forgetSession(which.sessionId);
    else forgetUserSessions(which.userId);
  });
  let canJoin: ProjectAccessCheck = async () => false;

  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    let resolved: Awaited<ReturnType<typeof resolveAccessToken>> = null;
    try {
      resolved = token ? await resolveAccessToken(app, token) : null;
    } catch (err) {
      // Not a bad token: the client is told so (and may try again) rather than believe it was signed out.
      if (isDatabaseUnavailable(err))
        return next(
          Object.assign(new Error(DATABASE_UNAVAILABLE_MESSAGE), { data: { code: 'SERVICE_UNAVAILABLE' } }),
        );
      app.log.error({ service: 'realtime', err }, 'Could not check the token of a live connection');
      return next(
        Object.assign(new Error('Something went wrong on our side. Please try again.'), {
          data: { code: 'INTERNAL' },
        }),
      );
    }
    if (!resolved)
      return next(new Error(token ? 'Invalid or expired access token' : 'Access token required'));
    socket.data.userId = resolved.user._id;
    socket.data.sessionId = resolved.sessionId;
    socket.data.status = 'online';
    next();
  });

  const presenceOf = async (projectId: string): Promise<PresenceEntry[]> => {
    // Asked of every instance through Redis, the list would wait for Redis to come back: while it is away, the
    // room's people on this instance are the ones that can be seen.
    const sockets = await (redisReady() ? io : io.local).in(room(projectId)).fetchSockets();
    const byUser = new Map<string, PresenceEntry>();
    for (const s of sockets) {
      byUser.set(s.data.userId, {
        userId: s.data.userId,
        status: s.data.status,
        lastSeen: new Date().toISOString(),
      });
    }
    return [...byUser.values()];
  };

  /** Runs an event's handler; a failure (a database or Redis that did not answer) is logged, never thrown. */
  const safely =
    <T>(event: string, handler: (payload: T) => Promise<void>) =>
    (payload: T) => {
      handler(payload).catch((err) =>
        app.log.error({ service: 'realtime', err, event }, 'A realtime event failed'),
      );
    };

  // A room's presence list is read (from every instance, with Redis) and sent to the whole room: once per
  // PRESENCE_COALESCE_MS at most, however many people join or leave meanwhile. Sent at each change, a
  // thousand joins cost a million entries and as many cross-instance reads (bench:realtime).
  const pendingPresence = new Set<string>();
  const sendPresence = safely('presence:update', async (projectId: string) => {
    pendingPresence.delete(projectId);
    io.to(room(projectId)).emit('presence:update', { projectId, users: await presenceOf(projectId) });
  });
  const broadcastPresence = async (projectId: string) => {
    if (pendingPresence.has(projectId)) return;
    pendingPresence.add(projectId);
    setTimeout(sendPresence, PRESENCE_COALESCE_MS, projectId).unref();
  };

  io.on('connection', (socket: Socket) => {
    const userId: string = socket.data.userId;
    socket.join([userRoom(userId), sessionRoom(socket.data.sessionId)]);
    closeWhenSessionEnds(app, socket);
    limitEvents(app, socket);

    /** The payload as the contract reads it, or null after telling the socket what was wrong with it. */
    const parse = <S extends z.ZodType>(schema: S, payload: unknown): z.output<S> | null => {
      const parsed = schema.safeParse(payload);
      if (parsed.success) return parsed.data;
      socket.emit('error', { message: parsed.error.issues[0]?.message ?? 'Malformed payload' });
      return null;
    };

    socket.on(
      'join:project',
      safely('join:project', async (payload: unknown) => {
        const projectId = parse(CLIENT_EVENTS['join:project'], payload);
        if (projectId === null) return;
        const allowed = await canJoin(userId, projectId).catch((err) => {
          app.log.error({ service: 'realtime', err }, 'Project access check failed');
          return false;
        });
        if (!allowed) {
          socket.emit('error', { message: 'Project not found' });
          return;
        }
        await socket.join(room(projectId));
        socket.to(room(projectId)).emit('user:joined', { projectId, userId });
        await broadcastPresence(projectId);
      }),
    );

    socket.on(
      'leave:project',
      safely('leave:project', async (payload: unknown) => {
        const projectId = parse(CLIENT_EVENTS['leave:project'], payload);
        // A room this socket is not in: nothing to leave, and nobody to tell (a stranger could otherwise
        // announce a departure, or anyone's presence, in any project's room).
        if (projectId === null || !socket.rooms.has(room(projectId))) return;
        await socket.leave(room(projectId));
        io.to(room(projectId)).emit('user:left', { projectId, userId });
        await broadcastPresence(projectId);
      }),
    );

    socket.on(
      'presence:update',
      safely('presence:update', async (payload: unknown) => {
        const parsed = parse(CLIENT_EVENTS['presence:update'], payload);
        if (parsed === null) return;
        const { status } = parsed;
        socket.data.status = status;
        for (const r of socket.rooms) {
          if (!r.startsWith('project:')) continue;
          const projectId = r.slice('project:'.length);
          io.to(r).emit('user:status:changed', { projectId, userId, status });
          await broadcastPresence(projectId);
        }
      }),
    );

    let leftProjects: string[] = [];
    socket.on('disconnecting', () => {
      leftProjects = [...socket.rooms].filter((r) => r.startsWith('project:')).map((r) => r.slice(8));
      for (const projectId of leftProjects)
        socket.to(room(projectId)).emit('user:left', { projectId, userId });
    });
    socket.on('disconnect', () => {
      for (const projectId of leftProjects) safely('disconnect', broadcastPresence)(projectId);
    });
  });

  return {
    io,
    setProjectAccessCheck(check) {
      canJoin = check;
    },
    // Typed by LiveConnections (one event, its payload); Socket.IO's types cannot follow a generic name.
    toProject(projectId, event, payload) {
      io.to(room(projectId)).emit(event as ServerEvent, payload as never);
    },
    toUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event as ServerEvent, payload as never);
    },
    endSessions(which) {
      if (redisUrl) io.serverSideEmit(SESSIONS_ENDED, which);
      // Through the adapter, so a socket on another instance is closed too.
      if ('sessionId' in which) io.in(sessionRoom(which.sessionId)).disconnectSockets(true);
      else {
        const sockets = io.in(userRoom(which.userId));
        (which.except ? sockets.except(sessionRoom(which.except)) : sockets).disconnectSockets(true);
      }
    },
    leaveProject(userId, projectId) {
      // Through the adapter, so the user's sockets on every instance leave; the others see them go.
      io.in(userRoom(userId)).socketsLeave(room(projectId));
      safely('leaveProject', broadcastPresence)(projectId);
    },
    closeProject(projectId) {
      io.in(room(projectId)).socketsLeave(room(projectId));
    },
  };
}
