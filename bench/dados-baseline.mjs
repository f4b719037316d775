// The baseline of bench/api-dados.mjs: a bare node:http server, in its own process, that runs the
// API's own services and SQL (its repositories over its db layer: a `pg` pool of the same size, or
// PGlite on a copy of the same data directory) and answers their JSON. Usage (forked, with
// node --import tsx): dados-baseline.mjs <port> <json> where json is { databaseUrl?, dataDir?, pool, membro }.
import { createServer } from 'node:http';
import { loadOperadora } from '@portal/operadora';
import { loadConfig } from '../apps/api/src/config.ts';
import { openPg } from '../apps/api/src/db/pg.ts';
import { openPglite } from '../apps/api/src/db/pglite.ts';
import { BeneficiariosRepository } from '../apps/api/src/core/beneficiarios/repository.ts';
import { FinanceiroRepository } from '../apps/api/src/modules/financeiro/repository.ts';
import { FinanceiroService } from '../apps/api/src/modules/financeiro/service.ts';
import { GuiaMedicoRepository } from '../apps/api/src/modules/guia-medico/repository.ts';
import { GuiaMedicoService } from '../apps/api/src/modules/guia-medico/service.ts';

const [port, spec] = process.argv.slice(2);
const { databaseUrl, dataDir, pool, membro } = JSON.parse(spec);
const db = databaseUrl ? openPg(databaseUrl, pool) : await openPglite(dataDir);
const config = loadConfig({});
const financeiro = new FinanceiroService(new FinanceiroRepository(db), loadOperadora(config.operadoraDir, {}), {
  now: () => Date.now(),
});
const beneficiarios = new BeneficiariosRepository(db);
const guia = new GuiaMedicoService(new GuiaMedicoRepository(db), { listaTtlMs: 0 });
const filtro = { codigoCidade: 3550308, pagina: 1, itensPagina: 100, somenteOdonto: false };
const renovar = Buffer.from('{"sucesso":true}');
const respostas = {
  '/parcelas': () => financeiro.listarParcelas(membro),
  '/beneficiarios': () => beneficiarios.visiveis(membro),
  '/guia': () => guia.prestadores(filtro),
};
createServer((req, res) => {
  req.resume();
  req.on('end', async () => {
    const fn = respostas[req.url];
    const body = fn ? JSON.stringify(await fn()) : renovar;
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', async () => {
  await db.close();
  process.exit(0);
});
