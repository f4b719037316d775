// Fastify with nothing of ours: one route that parses the JSON body and answers the same bytes
// (status, headers, body) as the call under test. The floor of any Fastify route, beside the bare
// node:http baseline (decision 0035). Usage (forked): node fastify-baseline.mjs <port> <json>
// where json is { body, headers, path }.
import Fastify from 'fastify';

const [port, spec = '{}'] = process.argv.slice(2);
const { body = '{"sucesso":true}', headers = {}, path = '/' } = JSON.parse(spec);
const app = Fastify({ logger: false });
app.post(path, (_request, reply) => {
  reply.headers(headers).send(body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
