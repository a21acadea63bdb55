// A bare Node HTTP server that reads each request body and drops it: how fast bytes can arrive over
// loopback at all on this machine, the ceiling any upload endpoint works under (bench:upload prints it).
// It answers the tus requests of bench/tus-upload.ts's plain client as a server that keeps nothing would
// (creation: 201 and a Location; a chunk: 204 and the offset after it), the ceiling of chunked uploads.
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
  req.on('end', () => {
    if (req.method === 'POST' && req.url === '/api/uploads') {
      res.writeHead(201, { location: '/api/uploads/sink', 'tus-resumable': '1.0.0' });
      res.end();
    } else if (req.method === 'PATCH') {
      const offset = Number(req.headers['upload-offset'] ?? 0) + bytes;
      res.writeHead(204, { 'upload-offset': String(offset), 'tus-resumable': '1.0.0' });
      res.end();
    } else res.end(String(bytes));
  });
});
server.listen(Number(process.env.PORT ?? 3122), '127.0.0.1');
