import { Readable, Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { originOf } from '../../lib/request';
import {
  desfazerImportacao,
  type Entidade,
  esquemasDeLinha,
  importacaoEmAndamento,
  iniciarImportacao,
  type Importacao,
  listarImportacoes,
  mensagemOcupada,
  obterImportacao,
  type Relatorio,
} from '../importacao';
import type { Contagens } from './auditoria';
import { chaveDe } from './contexto';
import {
  desfeitaSchema,
  ERROS_INTEGRACAO,
  enviadaSchema,
  importacaoSchema,
  listaDeImportacoesSchema,
  listarQuerySchema,
  obterParamsSchema,
  opcoesDeEnvioSchema,
  semCorpoSchema,
} from './schemas';

/** Content types of an import file, and the format each one means. */
const FORMATOS: Record<string, 'csv' | 'jsonl'> = {
  'text/csv': 'csv',
  'application/x-ndjson': 'jsonl',
  'application/jsonl': 'jsonl',
};

const naoEncontrada = () => new AppError(404, 'NAO_ENCONTRADO', 'Importação não encontrada.');

function contagensDe(
  i: Pick<Relatorio, 'linhas' | 'incluidos' | 'alterados' | 'inalterados' | 'inativados' | 'errosOmitidos'> & {
    erros: unknown[];
  },
): Contagens {
  return {
    linhas: i.linhas,
    incluidos: i.incluidos,
    alterados: i.alterados,
    inalterados: i.inalterados,
    inativados: i.inativados,
    erros: i.erros.length + i.errosOmitidos,
  };
}

/** The list leaves the errors out (up to 100 per import): GET /importacoes/:id has them. */
function resumo({ erros, ...i }: Importacao) {
  return { ...i, totalErros: erros.length + i.errosOmitidos };
}

/** The slowest upload taken (issue 30): after `carenciaMs`, at least `taxaMinima` bytes/s on average (0: any). */
interface RitmoMinimo {
  carenciaMs: number;
  taxaMinima: number;
}

/**
 * Counts the bytes of an upload and stops it past the limit (the body is never held whole), or when
 * it arrives slower than the minimum rate: a byte every few seconds stays under the silence bound
 * (plugins/prazo-da-requisicao) yet would hold the entity's import lock for as long as the sender
 * likes, every other import of that entity answered 409 meanwhile.
 */
class VigiaDoEnvio extends Transform {
  bytes = 0;
  private readonly inicio = performance.now();
  private readonly relogio: NodeJS.Timeout | undefined;
  constructor(
    private readonly limite: number,
    private readonly ritmo: RitmoMinimo,
  ) {
    super();
    if (ritmo.taxaMinima > 0) {
      this.relogio = setInterval(() => this.medir(), Math.min(1000, ritmo.carenciaMs));
      this.relogio.unref();
    }
  }
  private medir() {
    const ms = performance.now() - this.inicio;
    if (ms >= this.ritmo.carenciaMs && this.bytes < (this.ritmo.taxaMinima * ms) / 1000)
      this.destroy(envioLento(this.ritmo));
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void) {
    this.bytes += chunk.length;
    if (this.bytes > this.limite) done(arquivoGrande(this.limite));
    else done(null, chunk);
  }
  override _flush(done: () => void) {
    clearInterval(this.relogio);
    done();
  }
  override _destroy(err: Error | null, done: (err?: Error | null) => void) {
    clearInterval(this.relogio);
    done(err);
  }
}

function envioLento({ carenciaMs, taxaMinima }: RitmoMinimo): AppError {
  const kib = Math.round((taxaMinima / 1024) * 10) / 10;
  const carencia = carenciaMs % 1000 === 0 ? `${carenciaMs / 1000} s` : `${carenciaMs} ms`;
  return new AppError(
    408,
    'DADOS_INVALIDOS',
    `O arquivo chegou devagar demais (menos de ${kib} KiB/s em média depois de ${carencia}): ` +
      'o envio foi interrompido e a importação não foi feita. Envie o arquivo de novo por uma conexão mais rápida.',
  );
}

function arquivoGrande(limite: number): AppError {
  const mb = Math.floor(limite / 1024 ** 2);
  return new AppError(413, 'PAYLOAD_GRANDE', `O arquivo passa do limite de ${mb} MB. Divida-o em partes menores.`);
}

/** Whether the whole body arrived (true), or the client went away / the stream failed first (false). */
function recebido(corpo: Readable): Promise<boolean> {
  return new Promise((resolve) => {
    if (corpo.readableEnded) return resolve(true);
    corpo.once('end', () => resolve(true));
    corpo.once('close', () => resolve(corpo.readableEnded));
    corpo.once('error', () => resolve(false));
  });
}

/**
 * The import routes of the integration API (issue 16). An upload is streamed into the importer
 * (modules/importacao) as it arrives — never held whole — and answered 202 once the whole file has
 * been received: from then on the import is the server's (its row in `importacoes` says how it
 * goes), whatever the client does. Scope `importar` to send; `importar` or `leitura` to follow.
 */
export const importacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const limite = app.config.integracao.bodyLimit;
  const ritmo: RitmoMinimo = {
    carenciaMs: app.config.integracao.envioCarenciaMs,
    taxaMinima: app.config.integracao.envioTaxaMinima,
  };

  // One route per entity (the URL is /importacoes/<entidade>): each documents its own row layout.
  await app.register(async (envio) => {
    // Every body of these routes reaches the handler as the raw stream, whatever its type:
    // no parser buffers it; the handler checks the type itself (415 in Portuguese).
    envio.removeAllContentTypeParsers();
    envio.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    for (const [entidade, linha] of Object.entries(esquemasDeLinha) as [Entidade, z.ZodType][]) {
      const corpo = z
        .custom<Readable>((v) => v instanceof Readable, {
          message: 'Envie o arquivo no corpo da requisição (text/csv ou application/x-ndjson).',
        })
        .meta({
          type: 'string',
          format: 'binary',
          description:
            `Arquivo de ${entidade}: CSV separado por ';' com linha de cabeçalho (text/csv; charset=utf-8 ou ` +
            `iso-8859-1), ou JSON Lines (application/x-ndjson), um objeto por linha com as colunas do layout ` +
            `(docs/integracao/${entidade}.md; o esquema de uma linha está em x-linha). Enviado em fluxo, até ` +
            `${Math.floor(limite / 1024 ** 2)} MB.`,
          'x-linha': z.toJSONSchema(linha, { io: 'input', unrepresentable: 'any' }),
        });
      envio.post(
        `/importacoes/${entidade}`,
        {
          config: { escopos: ['importar'], envioLongo: true },
          schema: {
            summary: `Envia um arquivo de ${entidade} para importação`,
            consumes: ['text/csv', 'application/x-ndjson'],
            querystring: opcoesDeEnvioSchema,
            body: corpo,
            response: {
              202: enviadaSchema,
              ...ERROS_INTEGRACAO,
              409: ERROS_INTEGRACAO[400].describe(
                'Uma importação desta entidade está em andamento (nesta ou em outra instância): envie de novo depois que ela terminar.',
              ),
              408: ERROS_INTEGRACAO[400].describe(
                'O arquivo chegou devagar demais (INTEGRACAO_ENVIO_TAXA_MINIMA depois de INTEGRACAO_ENVIO_CARENCIA_MS): envio interrompido, nada importado.',
              ),
              413: ERROS_INTEGRACAO[400].describe('O arquivo passa do limite (INTEGRACAO_BODY_LIMIT).'),
              415: ERROS_INTEGRACAO[400].describe('Tipo de conteúdo que não é text/csv nem application/x-ndjson.'),
            },
          },
        },
        async (request, reply) =>
          enviar(
            request,
            reply,
            entidade,
            request.body as Readable,
            request.query as z.infer<typeof opcoesDeEnvioSchema>,
          ),
      );
    }
  });

  async function enviar(
    request: FastifyRequest,
    reply: FastifyReply,
    entidade: Entidade,
    corpo: Readable,
    opcoes: z.infer<typeof opcoesDeEnvioSchema>,
  ) {
    const chave = chaveDe(request);
    request.integracao.entidade = entidade;
    // An upload answers once and closes: the body of a refused one is not drained.
    reply.header('connection', 'close');
    const [tipo = '', ...params] = (request.headers['content-type'] ?? '')
      .split(';')
      .map((p) => p.trim().toLowerCase());
    const formato = FORMATOS[tipo];
    if (!formato)
      throw new AppError(
        415,
        'DADOS_INVALIDOS',
        'Formato não suportado. Envie o arquivo como text/csv (CSV com ;) ou application/x-ndjson (JSON Lines).',
      );
    if (opcoes.confirmarCancelamentos !== undefined && opcoes.modo !== 'completo')
      throw new AppError(400, 'DADOS_INVALIDOS', 'confirmarCancelamentos só vale com modo=completo.');
    const tamanho = Number(request.headers['content-length'] ?? 0);
    if (tamanho > limite) throw arquivoGrande(limite);
    // Another import of this entity is running (any instance: its row in importacoes): refused now,
    // before a byte of this one is read. Two uploads at the same instant may both pass; the engine
    // then refuses the second (202, then recusado).
    if (await importacaoEmAndamento(app.db, entidade))
      throw new AppError(409, 'IMPORTACAO_EM_ANDAMENTO', mensagemOcupada(entidade));
    const charset = params.find((p) => p.startsWith('charset='))?.slice(8);
    const codificacao =
      opcoes.codificacao ?? (charset === 'iso-8859-1' || charset === 'latin1' ? 'iso-8859-1' : undefined);

    // pipe, not pipeline: past the limit the request stays open for the 413 (then the connection closes).
    const contador = new VigiaDoEnvio(limite, ritmo);
    let erroDoEnvio: unknown;
    contador.once('error', (err) => {
      erroDoEnvio = err;
      corpo.unpipe(contador);
      corpo.resume();
    });
    corpo.once('close', () => {
      if (!corpo.readableEnded) contador.destroy(new Error('upload aborted by the client'));
    });
    corpo.pipe(contador);
    const chegou = recebido(corpo);
    const { id, concluida } = await iniciarImportacao(app.db, contador, {
      entidade,
      formato,
      codificacao,
      modo: opcoes.modo,
      dryRun: opcoes.dryRun,
      origem: 'api',
      chaveId: chave.id,
      confirmarCancelamentos: opcoes.confirmarCancelamentos,
      limite: { percentual: app.config.importacao.limitePercentual, minimo: app.config.importacao.limiteMinimo },
      desfazerDias: app.config.importacao.desfazerDias,
      contadores: app.metricas ?? undefined,
    }).catch((err: unknown) => {
      // Not started (e.g. the database is unavailable): the answer says so; the body is not read.
      corpo.unpipe(contador);
      throw err;
    });
    request.integracao.importacaoId = id;
    request.integracao.contagensFinais = concluida.then(contagensDe, (err: unknown) => {
      request.log.error({ err, importacao: id }, 'import failed');
      return null;
    });

    // 202 once the whole file is in (or the importer has already decided, e.g. another import of
    // this entity is running and the rest of the body is only drained).
    const inteiro = await Promise.race([
      chegou,
      concluida.then(
        () => true,
        () => false,
      ),
    ]);
    if (erroDoEnvio instanceof AppError) throw erroDoEnvio;
    if (!inteiro) throw new AppError(400, 'DADOS_INVALIDOS', 'O envio do arquivo foi interrompido antes do fim.');
    const atual = await obterImportacao(app.db, id);
    const local = `/api/integracao/v1/importacoes/${id}`;
    return reply
      .status(202)
      .header('location', local)
      .send({ id, status: atual?.status ?? 'em_andamento', local });
  }

  app.get(
    '/importacoes/:id',
    {
      config: { escopos: ['importar', 'leitura'] },
      schema: {
        summary: 'Situação, contagens e erros de uma importação',
        params: obterParamsSchema,
        response: { 200: importacaoSchema, ...ERROS_INTEGRACAO },
      },
    },
    async (request) => {
      const i = await obterImportacao(app.db, request.params.id);
      if (!i) throw naoEncontrada();
      request.integracao.entidade = i.entidade;
      request.integracao.importacaoId = i.id;
      request.integracao.contagens = contagensDe(i);
      return i;
    },
  );

  app.post(
    '/importacoes/:id/desfazer',
    {
      config: { escopos: ['importar'] },
      schema: {
        summary: 'Desfaz o que uma importação cancelou, inativou ou apagou',
        description:
          'Restaura os beneficiários cancelados, os prestadores inativados e as linhas da tabela de reembolso ' +
          'apagadas por uma importação aplicada no modo completo, dentro do prazo (IMPORTACAO_DESFAZER_DIAS, padrão ' +
          '30 dias). Só o que ainda está como a importação deixou; o que mudou depois fica como está (ignorados). ' +
          'Inclusões e alterações não são desfeitas. Uma importação é desfeita uma vez.',
        params: obterParamsSchema,
        body: semCorpoSchema,
        response: {
          200: desfeitaSchema,
          ...ERROS_INTEGRACAO,
          409: ERROS_INTEGRACAO[400].describe(
            'Não pode ser desfeita: não removeu nada, já foi desfeita, passou do prazo, ou há uma importação da ' +
              'entidade em andamento.',
          ),
        },
      },
    },
    async (request) => {
      const chave = chaveDe(request);
      request.integracao.importacaoId = request.params.id;
      const d = await desfazerImportacao(app.db, request.params.id, {
        janelaDias: app.config.importacao.desfazerDias,
        clock: app.clock,
        origem: { ...originOf(request), canal: 'api', chaveId: chave.id },
      });
      request.integracao.entidade = d.entidade;
      request.integracao.contagens = { restaurados: d.restaurados };
      return d;
    },
  );

  app.get(
    '/importacoes',
    {
      config: { escopos: ['importar', 'leitura'] },
      schema: {
        summary: 'Importações, da mais recente para a mais antiga (paginadas)',
        querystring: listarQuerySchema,
        response: { 200: listaDeImportacoesSchema, ...ERROS_INTEGRACAO },
      },
    },
    async (request) => {
      const { limite: n, antes } = request.query;
      if (antes && !(await obterImportacao(app.db, antes))) throw naoEncontrada();
      const linhas = await listarImportacoes(app.db, { limite: n + 1, antes });
      const pagina = linhas.slice(0, n);
      request.integracao.contagens = { itens: pagina.length };
      return {
        importacoes: pagina.map(resumo),
        proxima: linhas.length > n ? (pagina.at(-1)?.id ?? null) : null,
      };
    },
  );
};
