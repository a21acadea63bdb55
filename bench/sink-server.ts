// A bare Node HTTP server that reads each request body and drops it: how fast bytes can arrive over
// loopback at all on this machine, the ceiling any upload endpoint works under (bench:upload prints it).
import http from 'node:http';

const server = http.createServer((req, res) => {
  if (req.method === 'GET') {
    res.end('ok');
    return;
  }
  let bytes = 0;
  req.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  req.on('end', () => res.end(String(bytes)));
});
server.listen(Number(process.env.PORT ?? 3122), '127.0.0.1');
