// A bare node:http server answering the same bytes — status, headers and body — as the call under
// test: the baseline of the API benchmarks. Usage (forked): node http-baseline.mjs <port> <json>
// where json is { body, headers }.
import { createServer } from 'node:http';

const [port, spec = '{}'] = process.argv.slice(2);
const { body = '{"sucesso":true}', headers = {} } = JSON.parse(spec);
const payload = Buffer.from(body);
const head = { ...headers, 'content-length': payload.length };
createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, head);
    res.end(payload);
  });
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
