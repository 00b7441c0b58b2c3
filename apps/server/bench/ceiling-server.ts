/**
 * The ceiling of one endpoint, in a process of its own: a bare node:http server on 127.0.0.1
 * answering every request with that endpoint's response body, JSON.stringify'd per request as
 * a real server would, with the same content type. No routing, no database, no checks: what Node
 * itself serves on this machine. The body arrives over IPC; the port goes back the same way.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CeilingAnswer } from './ceiling.js';

process.once('message', (message) => {
  const { body, contentType } = message as CeilingAnswer;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': contentType });
    response.end(JSON.stringify(body));
  });
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ port: (server.address() as AddressInfo).port });
  });
});
