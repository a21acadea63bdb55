// Bare Fastify hello-world: the baseline for HTTP benchmarks.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
app.get('/api/health', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT ?? 3100), host: '127.0.0.1' });
