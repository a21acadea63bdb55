// The realtime endpoint (Socket.IO on the app's own port), authenticated with the same access token.
// Project rooms are opened by the areas that own projects through `onJoinProject`; presence is per room.
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { resolveAccessToken, sessionEndsAt } from './auth.ts';
import type { LiveConnections } from './context.ts';

export interface PresenceEntry {
  userId: string;
  status: string;
  lastSeen: string;
}

/** Says whether a user may join a project's room; areas that own projects provide it. */
export type ProjectAccessCheck = (userId: string, projectId: string) => Promise<boolean>;

export interface Realtime extends LiveConnections {
  io: Server;
  setProjectAccessCheck(check: ProjectAccessCheck): void;
  /** Sends an event to everyone in a project's room (after the change is committed). */
  toProject(projectId: string, event: string, payload: unknown): void;
  toUser(userId: string, event: string, payload: unknown): void;
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

/** With REDIS_URL, events fan out through Redis so every instance's sockets receive them. */
async function useRedisAdapter(app: FastifyInstance, io: Server, redisUrl: string): Promise<void> {
  const pub = createClient({ url: redisUrl });
  const sub = pub.duplicate();
  for (const client of [pub, sub])
    client.on('error', (err) => app.log.error({ service: 'realtime', err }, 'Redis connection error'));
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub));
  // A client waiting to reconnect would hold the shutdown until Redis is back: it is let go at once.
  const closeClient = async (client: typeof pub) => {
    if (client.isReady) await client.close();
    else if (client.isOpen) client.destroy();
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([closeClient(pub), closeClient(sub)]);
  });
}

export async function attachRealtime(app: FastifyInstance, redisUrl?: string): Promise<Realtime> {
  const io = new Server(app.server, { path: '/socket.io', serveClient: false, connectTimeout: 20_000 });
  if (redisUrl) await useRedisAdapter(app, io, redisUrl);
  let canJoin: ProjectAccessCheck = async () => false;

  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    const resolved = token ? await resolveAccessToken(app, token).catch(() => null) : null;
    if (!resolved)
      return next(new Error(token ? 'Invalid or expired access token' : 'Access token required'));
    socket.data.userId = resolved.user._id;
    socket.data.sessionId = resolved.sessionId;
    socket.data.status = 'online';
    next();
  });

  const presenceOf = async (projectId: string): Promise<PresenceEntry[]> => {
    const sockets = await io.in(room(projectId)).fetchSockets();
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

  const broadcastPresence = async (projectId: string) => {
    io.to(room(projectId)).emit('presence:update', { projectId, users: await presenceOf(projectId) });
  };

  io.on('connection', (socket: Socket) => {
    const userId: string = socket.data.userId;
    socket.join([userRoom(userId), sessionRoom(socket.data.sessionId)]);
    closeWhenSessionEnds(app, socket);

    socket.on('join:project', async (payload: unknown) => {
      const projectId =
        typeof payload === 'string' ? payload : (payload as { projectId?: unknown })?.projectId;
      if (typeof projectId !== 'string' || projectId.length > 100) {
        socket.emit('error', { message: 'A project id is required' });
        return;
      }
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
    });

    socket.on('leave:project', async (payload: unknown) => {
      const projectId =
        typeof payload === 'string' ? payload : (payload as { projectId?: unknown })?.projectId;
      if (typeof projectId !== 'string') return;
      await socket.leave(room(projectId));
      io.to(room(projectId)).emit('user:left', { projectId, userId });
      await broadcastPresence(projectId);
    });

    socket.on('presence:update', async (payload: unknown) => {
      const status = (payload as { status?: unknown })?.status;
      if (typeof status !== 'string' || !['online', 'away', 'busy'].includes(status)) return;
      socket.data.status = status;
      for (const r of socket.rooms) {
        if (!r.startsWith('project:')) continue;
        const projectId = r.slice('project:'.length);
        io.to(r).emit('user:status:changed', { projectId, userId, status });
        await broadcastPresence(projectId);
      }
    });

    let leftProjects: string[] = [];
    socket.on('disconnecting', () => {
      leftProjects = [...socket.rooms].filter((r) => r.startsWith('project:')).map((r) => r.slice(8));
      for (const projectId of leftProjects)
        socket.to(room(projectId)).emit('user:left', { projectId, userId });
    });
    socket.on('disconnect', () => {
      for (const projectId of leftProjects) void broadcastPresence(projectId);
    });
  });

  return {
    io,
    setProjectAccessCheck(check) {
      canJoin = check;
    },
    toProject(projectId, event, payload) {
      io.to(room(projectId)).emit(event, payload);
    },
    toUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    endSessions(which) {
      // Through the adapter, so a socket on another instance is closed too.
      if ('sessionId' in which) io.in(sessionRoom(which.sessionId)).disconnectSockets(true);
      else {
        const sockets = io.in(userRoom(which.userId));
        (which.except ? sockets.except(sessionRoom(which.except)) : sockets).disconnectSockets(true);
      }
    },
  };
}
