/**
 * Webhook endpoints by command line (issue 17, decision 0029). Reads the server's configuration
 * (DATABASE_URL, or DATA_DIR for PGlite — stop the server first: PGlite has one process).
 *
 *   npm run webhooks -- criar --url https://erp.exemplo.com.br/webhooks --eventos protocolo.criado,dependentes.solicitados [--descricao 'ERP']
 *   npm run webhooks -- listar
 *   npm run webhooks -- rotacionar <id> [--sobreposicao-horas 24]
 *   npm run webhooks -- desativar <id>
 *   npm run webhooks -- reenviar <mensagemId>
 *   npm run webhooks -- reenviar --desde 2026-11-01T00:00:00Z --ate 2026-11-02T00:00:00Z
 *   npm run webhooks -- entregas <mensagemId>
 *
 * The secret is printed once, by criar and rotacionar, and never again.
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { systemClock } from '../clock';
import { ConfigError, loadConfig } from '../config';
import { bancoMigrado } from './script';
import { prepararSelagem } from '../db/selagem';
import { AppError } from '../lib/app-error';
import { TIPOS_EVENTO, WebhooksService } from '../core/webhooks/service';

const USO = `Uso: npm run webhooks -- <comando>
  criar --url URL --eventos a,b [--descricao TEXTO]     eventos: ${TIPOS_EVENTO.join(', ')}
  listar
  rotacionar <id> [--sobreposicao-horas 24]
  desativar <id>
  reenviar <mensagemId> | reenviar --desde ISO --ate ISO
  entregas <mensagemId>`;

export async function executar(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      eventos: { type: 'string' },
      descricao: { type: 'string' },
      desde: { type: 'string' },
      ate: { type: 'string' },
      'sobreposicao-horas': { type: 'string' },
    },
  });
  const [comando, alvo] = positionals;
  if (!comando) return USO;
  const config = loadConfig(env);
  const db = await bancoMigrado(config);
  try {
    const servico = new WebhooksService({
      db,
      cofre: (await prepararSelagem(db, config)).selagem.webhooks,
      opcoes: { ...config.webhooks, producao: config.production },
      clock: systemClock,
      log: pino({ level: 'warn' }),
    });
    const exigir = (v: string | undefined, nome: string) => {
      if (!v) throw new AppError(400, 'DADOS_INVALIDOS', `Informe ${nome}.\n${USO}`);
      return v;
    };
    switch (comando) {
      case 'criar': {
        const e = await servico.criarEndpoint({
          url: exigir(values.url, '--url'),
          eventos: exigir(values.eventos, '--eventos').split(','),
          descricao: values.descricao?.trim().slice(0, 200) || null,
        });
        return `${JSON.stringify(e, null, 2)}\nGuarde o segredo agora: ele não será mostrado de novo.`;
      }
      case 'listar':
        return JSON.stringify(await servico.listar(), null, 2);
      case 'rotacionar': {
        const horas = Number(values['sobreposicao-horas'] ?? 24);
        if (!Number.isFinite(horas) || horas < 0) throw new AppError(400, 'DADOS_INVALIDOS', 'Sobreposição inválida.');
        const r = await servico.rotacionarSegredo(exigir(alvo, 'o id do endpoint'), horas * 3600 * 1000);
        return `${JSON.stringify(r, null, 2)}\nO segredo anterior continua assinando até ${r.anteriorAte}.`;
      }
      case 'desativar':
        await servico.desativar(exigir(alvo, 'o id do endpoint'));
        return 'Endpoint desativado.';
      case 'reenviar': {
        const n = alvo
          ? await servico.reenviar(alvo)
          : await servico.reenviarPeriodo(
              new Date(exigir(values.desde, '--desde')),
              new Date(exigir(values.ate, '--ate')),
            );
        return `${n} entrega(s) na fila.`;
      }
      case 'entregas':
        return JSON.stringify(await servico.entregas(exigir(alvo, 'o id da mensagem')), null, 2);
      default:
        throw new AppError(400, 'DADOS_INVALIDOS', `Comando desconhecido: ${comando}.\n${USO}`);
    }
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  executar(process.argv.slice(2)).then(
    (saida) => void process.stdout.write(`${saida}\n`),
    (err: unknown) => {
      const esperado =
        err instanceof AppError ||
        err instanceof ConfigError ||
        (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
      console.error(esperado ? (err as Error).message : `Falha: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
