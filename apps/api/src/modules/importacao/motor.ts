import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { setImmediate as aVez } from 'node:timers/promises';
import type { Db, Queryable } from '../../db/db';
import type { FimDaImportacao } from '../../lib/metricas';
import { emSpan, rastreador } from '../../lib/rastreamento';
import { esquemaDaLinha } from './campos';
import { type Entidade, type ErroDeLinha, LAYOUTS, type Layout } from './layouts';
import { ArquivoNaoTexto, ler, MENSAGEM_REGISTRO_GRANDE } from './leitura';
import { lerParaCopia } from './leitura-copia';
import type { LimiteDeRemocoes, OpcoesImportacao, Relatorio } from './tipos';
import { algumaEmAndamento, atualizarProgresso, concluir, outraEmAndamento, registrarInicio } from './repository';
import { StagingRepository } from './staging-repository';

/** The first errors are kept with their line; the rest are only counted. */
export const MAX_ERROS = 100;
const CSV_MALFORMADO = 'CSV malformado (aspas ou separadores).';
/** csv-parse's errors: `CSV_…` codes, and one without the prefix (a quote inside an unquoted value). */
const erroDeCsv = (e: { code?: string }) =>
  !!e.code && (e.code.startsWith('CSV_') || e.code === 'INVALID_OPENING_QUOTE');
/** Rows per multi-row insert into the staging table. */
const LOTE = 5000;

/** The bound of a `completo` file's removals when the caller gives none (config.importacao's defaults). */
export const LIMITE_PADRAO: LimiteDeRemocoes = { percentual: 5, minimo: 10 };
/** The undo window when the caller gives none (IMPORTACAO_DESFAZER_DIAS). */
export const DESFAZER_DIAS_PADRAO = 30;

/**
 * How many records a `completo` file may remove unconfirmed, of `ativos` active ones: the share,
 * or for a small operator up to `minimo` records — never more than half of them (decision 0049).
 */
export function limiteDeRemocoes(ativos: number, l: LimiteDeRemocoes = LIMITE_PADRAO): number {
  return Math.max(Math.floor((ativos * l.percentual) / 100), Math.min(l.minimo, Math.floor(ativos / 2)));
}

/** Entities being imported by this process (PGlite has one connection: the advisory lock alone would queue, not refuse). */
const emAndamento = new Set<Entidade>();

/**
 * While an import applies (one transaction: the checks and the upsert, minutes for a large file),
 * it still says it is alive this often: the history row's heartbeat (`atualizada_em`, which tells a
 * running import from one whose instance died) and the CLI's progress.
 */
export const BATIMENTO_MS = 1000;

/**
 * Each phase's end: with IMPORTACAO_TEMPOS=1 its duration on stderr (the benchmark reads it); with
 * tracing on, a span `importacao: <phase>` from the previous mark to this one (decision 0066).
 */
function cronometro(): (fase: string) => void {
  const tempos = Boolean(process.env.IMPORTACAO_TEMPOS);
  const r = rastreador();
  if (!tempos && !r) return () => undefined;
  let t = performance.now();
  let desde = Date.now();
  return (fase) => {
    const agora = performance.now();
    if (tempos) process.stderr.write(`[importacao] ${fase}: ${Math.round(agora - t)} ms\n`);
    const fim = Date.now();
    r?.registrar(`importacao: ${fase}`, desde, fim, { 'importacao.fase': fase });
    t = agora;
    desde = fim;
  };
}

/**
 * A value as the report shows it: a control character or a bidirectional control becomes U+FFFD.
 * PostgreSQL refuses NUL in text and jsonb (the report of a file with one could not be stored: the
 * import ended 'falhou' with no error at all), and the report is read on screens too.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIVEIS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const visivel = (v: string) => v.replace(INVISIVEIS, '\uFFFD');

/** A file that is not text: one problem, that says so (not a header whose every column is missing). */
const naoTexto = (formato: 'csv' | 'jsonl', e: ArquivoNaoTexto): ErroDeLinha => ({
  linha: 1,
  coluna: '',
  valor: '',
  mensagem: `O arquivo não é um ${formato === 'csv' ? 'CSV' : 'JSON Lines'} em texto: ${e.motivo}.`,
});
/** Rows validated between two turns of the event loop (other requests are answered meanwhile). */
const LINHAS_POR_VEZ = 1000;

class ErrosDoArquivo {
  readonly lista: ErroDeLinha[] = [];
  omitidos = 0;
  get total() {
    return this.lista.length + this.omitidos;
  }
  add(e: ErroDeLinha) {
    if (this.lista.length < MAX_ERROS)
      this.lista.push({ ...e, coluna: visivel(e.coluna), valor: visivel(e.valor.slice(0, 200)) });
    else this.omitidos++;
  }
}

export const mensagemOcupada = (entidade: Entidade) =>
  `Já há uma importação de ${entidade} em andamento. Aguarde o fim dela e envie o arquivo de novo.`;

const ocupada = (entidade: Entidade): ErroDeLinha => ({
  linha: 0,
  coluna: '',
  valor: entidade,
  mensagem: mensagemOcupada(entidade),
});

/**
 * Whether an import of the entity is running, here or on another instance: what an upload checks
 * before reading its body (409). Only a hint — two uploads may both pass it; the engine's own
 * checks and the advisory lock still refuse the second.
 */
export async function importacaoEmAndamento(db: Db, entidade: Entidade): Promise<boolean> {
  return emAndamento.has(entidade) || algumaEmAndamento(db, entidade);
}

/**
 * Starts an import: writes its history row ('em_andamento') and returns its id at once; `concluida`
 * settles with the report (or rejects on an unexpected failure — a database error, a broken upload —
 * after marking the row 'falhou'). The stream is read as fast as the database takes the batches.
 */
export async function iniciarImportacao(
  db: Db,
  origem: Readable,
  opcoes: OpcoesImportacao,
): Promise<{ id: string; concluida: Promise<Relatorio> }> {
  const id = randomUUID();
  await registrarInicio(db, id, opcoes);
  // One span per import (its phases inside, cronometro): what was imported, never a row of it.
  const atributos = {
    'importacao.entidade': opcoes.entidade,
    'importacao.modo': opcoes.modo,
    'importacao.formato': opcoes.formato,
    'importacao.dry_run': opcoes.dryRun,
    'importacao.origem': opcoes.origem,
  };
  const rodar = () => executar(db, id, origem, opcoes);
  const inicio = performance.now();
  const contar = (fim: FimDaImportacao, linhas: number) =>
    opcoes.contadores?.importacao(opcoes.entidade, fim, linhas, (performance.now() - inicio) / 1000);
  const concluida = emSpan(`importacao ${opcoes.entidade}`, atributos, rodar).then(
    (r) => {
      contar(r.status, r.linhas);
      return r;
    },
    async (err: unknown) => {
      origem.destroy();
      await concluir(db, id, 'falhou', vazio(id, opcoes, 'recusado', 0)).catch(() => undefined);
      contar('falhou', 0);
      throw err;
    },
  );
  // A caller that answered 202 may never await it: a failure must not become an unhandled rejection
  // (the row says 'falhou'); a caller that awaits still gets the error.
  concluida.catch(() => undefined);
  return { id, concluida };
}

/** Validates and (unless dryRun or refused) applies one file in one transaction. */
export async function importar(db: Db, origem: Readable, opcoes: OpcoesImportacao): Promise<Relatorio> {
  const { concluida } = await iniciarImportacao(db, origem, opcoes);
  return concluida;
}

function vazio(id: string, o: OpcoesImportacao, status: Relatorio['status'], linhas: number): Relatorio {
  return {
    id,
    entidade: o.entidade,
    modo: o.modo,
    dryRun: o.dryRun,
    status,
    linhas,
    incluidos: 0,
    alterados: 0,
    inalterados: 0,
    inativados: 0,
    erros: [],
    errosOmitidos: 0,
    confirmacaoExigida: null,
  };
}

async function executar(db: Db, id: string, origem: Readable, opcoes: OpcoesImportacao): Promise<Relatorio> {
  const layout = LAYOUTS[opcoes.entidade];
  const recusarJa = async (e: ErroDeLinha) => {
    origem.resume();
    const r = vazio(id, opcoes, 'recusado', 0);
    r.erros.push(e);
    await concluir(db, id, 'recusado', r);
    return r;
  };
  if (!layout)
    return recusarJa({
      linha: 0,
      coluna: '',
      valor: opcoes.entidade,
      mensagem: 'Layout ainda não disponível para esta entidade.',
    });
  if (opcoes.modo === 'completo' && layout.semCompleto)
    return recusarJa({ linha: 0, coluna: '', valor: 'completo', mensagem: layout.semCompleto });
  if (emAndamento.has(opcoes.entidade) || (await outraEmAndamento(db, id, opcoes.entidade)))
    return recusarJa(ocupada(opcoes.entidade));
  emAndamento.add(opcoes.entidade);
  // The import's own connection, without the request bounds (a large file runs for minutes).
  const livre = db.semLimites();
  // The file is staged outside any transaction, batch by batch (PGlite's one connection stays free
  // for the server between batches); only the checks and the upsert run in one short transaction.
  const stg = new StagingRepository(
    livre,
    `importacao_stg_${id.replace(/-/g, '')}`,
    layout.colunas.map((c) => c.nome),
  );
  try {
    const r = await validarEAplicar(db, livre, stg, id, origem, layout, opcoes).catch((err: unknown) => {
      if (err instanceof Recusa) return err.relatorio;
      throw err;
    });
    // Free from the moment the result is committed (an applied import says 'aplicado' in its own
    // commit): a client that polls until then and sends the next file is not refused by this one's
    // last writes and clean-up (the PostgreSQL run under load once saw that 409).
    emAndamento.delete(opcoes.entidade);
    await concluir(db, id, r.status, r);
    return r;
  } finally {
    emAndamento.delete(opcoes.entidade);
    await stg.apagar().catch(() => undefined);
    await livre.close();
  }
}

/** Thrown to roll the transaction back (or stop before it) and answer with the report. */
class Recusa extends Error {
  constructor(readonly relatorio: Relatorio) {
    super('importação recusada');
  }
}

async function validarEAplicar(
  db: Db,
  livre: Db,
  stg: StagingRepository,
  id: string,
  origem: Readable,
  layout: Layout,
  opcoes: OpcoesImportacao,
): Promise<Relatorio> {
  const marcar = cronometro();
  const relatorio = vazio(id, opcoes, 'recusado', 0);
  const erros = new ErrosDoArquivo();
  let ultimoProgresso = Date.now();
  // PostgreSQL, a CSV of a layout whose rules have SQL twins: the raw file by COPY, checked in SQL
  // (decision 0037). Otherwise (PGlite, JSON Lines, the seed's transformed rows): row by row in JS.
  const copiar = livre.copiar?.bind(livre);
  const porCopia =
    copiar && layout.copia && opcoes.formato === 'csv' && !opcoes.transformarLinha
      ? (p: (bytes: number) => Promise<void>) =>
          estagiarPorCopia({ copiar }, stg, origem, layout, opcoes, relatorio, erros, p, marcar)
      : null;
  const etapa =
    porCopia ?? ((p: (bytes: number) => Promise<void>) => estagiar(stg, origem, layout, opcoes, relatorio, erros, p));
  let lidos = 0;
  await etapa(async (bytes) => {
    lidos = bytes;
    opcoes.onProgresso?.({ linhas: relatorio.linhas, bytes, fase: 'leitura' });
    const agora = Date.now();
    if (agora - ultimoProgresso >= BATIMENTO_MS) {
      ultimoProgresso = agora;
      await atualizarProgresso(db, id, relatorio.linhas);
    }
  });
  marcar('leitura, validação e carga');

  const parar = batimento(db, id, () => {
    opcoes.onProgresso?.({ linhas: relatorio.linhas, bytes: lidos, fase: 'aplicacao' });
    return relatorio.linhas;
  });
  try {
    return await livre.transaction(async (tx) => {
      // One import of an entity at a time, across instances: the second is refused, not queued.
      if (!(await StagingRepository.travarEntidade(tx, opcoes.entidade))) {
        erros.add(ocupada(opcoes.entidade));
        throw recusa(relatorio, erros);
      }
      await verificarEAplicar(tx, stg, layout, opcoes, relatorio, erros, marcar);
      // A dry run applies inside the transaction and rolls back: its counts are what a real run would do.
      if (opcoes.dryRun) throw new Recusa(relatorio);
      // The history row says 'aplicado' in the same commit as the changes it may undo.
      await concluir(tx, id, 'aplicado', relatorio);
      return relatorio;
    });
  } finally {
    parar();
  }
}

/**
 * The heartbeat of the apply phase: every BATIMENTO_MS, `pulso()` (the CLI's progress) and the
 * history row's `atualizada_em` on the server's own pool — outside the import's transaction, so another
 * instance sees it at once on PostgreSQL (on PGlite's one connection it waits for the transaction,
 * and one at most waits). Returns what stops it.
 */
function batimento(db: Db, id: string, pulso: () => number): () => void {
  let gravando = false;
  const timer = setInterval(() => {
    const linhas = pulso();
    if (gravando) return;
    gravando = true;
    atualizarProgresso(db, id, linhas)
      .catch(() => undefined)
      .finally(() => {
        gravando = false;
      });
  }, BATIMENTO_MS);
  timer.unref();
  return () => clearInterval(timer);
}

const recusa = (relatorio: Relatorio, erros: ErrosDoArquivo) => {
  relatorio.erros = erros.lista;
  relatorio.errosOmitidos = erros.omitidos;
  return new Recusa(relatorio);
};

/**
 * Reads the file, validates each row with the layout's schema and stages the good ones (steps 1–3
 * of decision 0022). Throws Recusa when the file has any error (the errors still counted to the end).
 */
async function estagiar(
  stg: StagingRepository,
  origem: Readable,
  layout: Layout,
  opcoes: Pick<OpcoesImportacao, 'formato' | 'codificacao' | 'transformarLinha'>,
  relatorio: Relatorio,
  erros: ErrosDoArquivo,
  progresso: (bytes: number) => Promise<void> = async () => undefined,
): Promise<void> {
  const nomes = layout.colunas.map((c) => c.nome);
  const leitura = ler(origem, opcoes.formato, opcoes.codificacao);
  const cabecalho = await leitura.cabecalho().catch((err: unknown) => {
    if (!problemaDoArquivo(err, erros, opcoes.formato, 1)) throw err;
    descartar(origem);
    throw recusa(relatorio, erros);
  });
  if (opcoes.formato === 'csv') {
    if (!cabecalho || cabecalho.length === 0) {
      erros.add({ linha: 1, coluna: '', valor: '', mensagem: 'Arquivo vazio ou sem cabeçalho.' });
      throw recusa(relatorio, erros);
    }
    verificarCabecalho(cabecalho, layout, erros);
    if (erros.total) {
      origem.resume();
      throw recusa(relatorio, erros);
    }
  }

  await stg.criar();
  const esquema = esquemaDaLinha(layout.colunas);
  let lote: (string | null)[][] = nomes.map(() => []);
  let linhasLote: number[] = [];
  const gravar = async () => {
    if (linhasLote.length && !erros.total) await stg.gravar(linhasLote, lote);
    lote = nomes.map(() => []);
    linhasLote = [];
  };

  try {
    for await (const item of leitura.linhas) {
      if (++relatorio.linhas % LINHAS_POR_VEZ === 0) await aVez();
      if (!('valores' in item)) {
        erros.add(item);
        continue;
      }
      const valores = opcoes.transformarLinha ? opcoes.transformarLinha(item.valores) : item.valores;
      const r = esquema.safeParse(valores);
      if (!r.success) {
        for (const issue of r.error.issues) {
          const coluna = String(issue.path[0] ?? (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : ''));
          erros.add({ linha: item.linha, coluna, valor: valores[coluna] ?? '', mensagem: issue.message });
        }
        continue;
      }
      if (erros.total) continue; // the file is refused already: only the errors are still counted
      linhasLote.push(item.linha);
      for (let i = 0; i < nomes.length; i++) lote[i]!.push(r.data[nomes[i]!] ?? null);
      if (linhasLote.length >= LOTE) {
        await gravar();
        await progresso(leitura.bytes());
      }
    }
  } catch (err) {
    // A CSV the parser cannot read (an unclosed quote, a record past MAX_REGISTRO…), a file not text.
    if (!problemaDoArquivo(err, erros, opcoes.formato, relatorio.linhas + 1)) throw err;
    descartar(origem);
  }
  await gravar();
  await progresso(leitura.bytes());
  if (relatorio.linhas === 0 && !erros.total)
    erros.add({ linha: 1, coluna: '', valor: '', mensagem: 'Arquivo sem linhas de dados.' });
  if (erros.total) throw recusa(relatorio, erros);
  await stg.analisar();
}

/**
 * What stopped a reader, when it is the file's fault: added to the errors (true). A CSV the parser
 * cannot read (CSV_MALFORMADO; a record past MAX_REGISTRO), a file that is not text.
 */
function problemaDoArquivo(err: unknown, erros: ErrosDoArquivo, formato: 'csv' | 'jsonl', linha: number): boolean {
  if (err instanceof ArquivoNaoTexto) {
    erros.add(naoTexto(formato, err));
    return true;
  }
  const e = err as { code?: string; lines?: number };
  if (!erroDeCsv(e)) return false;
  erros.add({
    linha: e.lines ?? linha,
    coluna: '',
    valor: '',
    mensagem: e.code === 'CSV_MAX_RECORD_SIZE' ? MENSAGEM_REGISTRO_GRANDE : CSV_MALFORMADO,
  });
  return true;
}

/** The rest of a refused upload is read and dropped, not buffered behind the reader that stopped. */
function descartar(origem: Readable): void {
  origem.unpipe();
  origem.resume();
}

/** The header's problems (missing and unknown columns), as both readers check it. */
function verificarCabecalho(cabecalho: string[], layout: Layout, erros: ErrosDoArquivo): void {
  const nomes = layout.colunas.map((c) => c.nome);
  for (const c of layout.colunas)
    if (c.obrigatoria && !cabecalho.includes(c.nome))
      erros.add({ linha: 1, coluna: c.nome, valor: '', mensagem: 'Coluna obrigatória ausente no cabeçalho.' });
  for (const h of cabecalho)
    if (!nomes.includes(h))
      erros.add({ linha: 1, coluna: h, valor: h, mensagem: 'Coluna desconhecida no layout desta entidade.' });
}

/**
 * Steps 1–3 on PostgreSQL (decision 0037): the records as they came into an unlogged table by COPY,
 * the layout's row rules in SQL (the parsers' twins: the same problems, lines and messages as
 * `estagiar`), then the normalised values into the staging table. Throws Recusa as `estagiar` does.
 */
async function estagiarPorCopia(
  db: Required<Pick<Db, 'copiar'>>,
  stg: StagingRepository,
  origem: Readable,
  layout: Layout,
  opcoes: Pick<OpcoesImportacao, 'codificacao'>,
  relatorio: Relatorio,
  erros: ErrosDoArquivo,
  progresso: (bytes: number) => Promise<void>,
  marcar: (fase: string) => void,
): Promise<void> {
  const leitura = lerParaCopia(origem, opcoes.codificacao);
  const malformadoEm = (linha: number): ErroDeLinha => ({
    linha,
    coluna: '',
    valor: '',
    mensagem: leitura.grande() ? MENSAGEM_REGISTRO_GRANDE : CSV_MALFORMADO,
  });
  const cabecalho = await leitura.cabecalho().catch((err: unknown) => {
    if (!(err instanceof ArquivoNaoTexto)) throw err;
    erros.add(naoTexto('csv', err));
    descartar(origem);
    throw recusa(relatorio, erros);
  });
  if (cabecalho === null) {
    erros.add(malformadoEm(leitura.malformado() ?? 1));
    descartar(origem);
    throw recusa(relatorio, erros);
  }
  if (cabecalho.length === 0) {
    erros.add({ linha: 1, coluna: '', valor: '', mensagem: 'Arquivo vazio ou sem cabeçalho.' });
    throw recusa(relatorio, erros);
  }
  verificarCabecalho(cabecalho, layout, erros);
  if (erros.total) {
    descartar(origem);
    throw recusa(relatorio, erros);
  }

  // Records with another number of columns than the header: reported as `estagiar` reports them.
  const problemas = new ErrosDoArquivo();
  await stg.copiarBruta(
    db,
    cabecalho,
    leitura.registros(
      (p) => problemas.add(p),
      async () => {
        relatorio.linhas = leitura.linhas();
        await progresso(leitura.bytes());
      },
    ),
  );
  relatorio.linhas = leitura.linhas();
  marcar('leitura e COPY');
  const malformado = leitura.malformado();
  if (malformado !== null) descartar(origem);

  const marcadas = await stg.normalizarBruta(layout, leitura.controles());
  marcar('regras das linhas (SQL) e normalização');
  if (marcadas || problemas.total || malformado !== null || relatorio.linhas === 0) {
    // Both lists are in line order: merged, the first MAX_ERROS are those `estagiar` would keep.
    const achados = marcadas ? await stg.errosBrutos(layout, MAX_ERROS, leitura.controles()) : [];
    const todos = [...problemas.lista, ...achados].sort((a, b) => a.linha - b.linha);
    for (const e of todos) erros.add({ linha: e.linha, coluna: e.coluna, valor: e.valor, mensagem: e.mensagem });
    erros.omitidos += problemas.omitidos + Math.max(0, (achados[0]?.total ?? 0) - achados.length);
    if (malformado !== null) erros.add(malformadoEm(malformado));
    if (relatorio.linhas === 0 && malformado === null)
      erros.add({ linha: 1, coluna: '', valor: '', mensagem: 'Arquivo sem linhas de dados.' });
    throw recusa(relatorio, erros);
  }
  await stg.apagarBruta();
  await stg.analisar();
}

/** Step 4 of decision 0022, in the caller's transaction: repeated keys, references, then the upsert. */
async function verificarEAplicar(
  tx: Queryable,
  stg: StagingRepository,
  layout: Layout,
  opcoes: Pick<
    OpcoesImportacao,
    'entidade' | 'modo' | 'dryRun' | 'origem' | 'confirmarCancelamentos' | 'limite' | 'desfazerDias'
  >,
  relatorio: Relatorio,
  erros: ErrosDoArquivo,
  marcar: (fase: string) => void = () => undefined,
  /** Whether the removals are kept for the undo (an import with a history row). */
  registrar = true,
): Promise<void> {
  // The layouts' SQL reads the file as importacao_stg (dropped before commit; a rollback undoes it).
  await stg.exporNa(tx);

  // What only the whole file and the database can tell: repeated keys and references.
  const achados = await StagingRepository.verificar(tx, layout, MAX_ERROS);
  for (const a of achados) erros.add({ linha: a.linha, coluna: a.coluna, valor: a.valor, mensagem: a.mensagem });
  if (achados.length) {
    erros.omitidos += achados[0]!.total - achados.length;
    throw recusa(relatorio, erros);
  }
  marcar('verificações');

  // What `completo` may remove: counted before the apply, each removal recorded (decision 0049).
  const remocao = opcoes.modo === 'completo' ? layout.remocao : undefined;
  const ativos = remocao ? await StagingRepository.contar(tx, remocao.ativos) : 0;
  await StagingRepository.criarRemovidos(tx);
  const c = await layout.aplicar(tx, opcoes.modo);
  marcar('aplicação');
  Object.assign(relatorio, c, { inalterados: relatorio.linhas - c.incluidos - c.alterados });
  const excesso = excessoDeRemocoes(c.inativados, ativos, remocao, opcoes);
  if (excesso) {
    relatorio.confirmacaoExigida = c.inativados;
    erros.add(excesso);
    throw recusa(relatorio, erros);
  }
  relatorio.status = opcoes.dryRun ? 'validado' : 'aplicado';
  if (!opcoes.dryRun && registrar)
    await StagingRepository.guardarRemovidos(
      tx,
      relatorio.id,
      opcoes.entidade,
      opcoes.desfazerDias ?? DESFAZER_DIAS_PADRAO,
    );
  await StagingRepository.apagarRemovidos(tx);
  if (!opcoes.dryRun) await StagingRepository.esconder(tx);
}

/**
 * The bound of a `completo` file (decision 0049): past it, or with a confirmation that is not the
 * exact number removed, the problem that refuses the file; null when it may go on.
 */
function excessoDeRemocoes(
  n: number,
  ativos: number,
  remocao: Layout['remocao'],
  opcoes: Pick<OpcoesImportacao, 'origem' | 'confirmarCancelamentos' | 'limite'>,
): ErroDeLinha | null {
  const confirmado = opcoes.confirmarCancelamentos;
  const limite = opcoes.limite ?? LIMITE_PADRAO;
  if (confirmado === n || (confirmado === undefined && n <= limiteDeRemocoes(ativos, limite))) return null;
  const dica = opcoes.origem === 'api' ? `confirmarCancelamentos=${n}` : `--confirmar-cancelamentos ${n}`;
  const feito = remocao
    ? `este arquivo ${remocao.verbo} ${n} de ${ativos} ${remocao.nome}`
    : 'este arquivo não cancela, não inativa nem apaga nada';
  const mensagem =
    confirmado === undefined
      ? `${feito[0]!.toUpperCase()}${feito.slice(1)} (${Math.round((n * 100) / Math.max(ativos, 1))} %), ` +
        `acima do limite de ${limite.percentual} % (até ${limiteDeRemocoes(ativos, limite)} sem confirmação). ` +
        `Confira se o arquivo está completo. Para aplicar, confirme o número exato: ${dica}`
      : `A confirmação (${confirmado}) não confere: ${feito}. Confira o arquivo; para aplicar, confirme o número exato: ${dica}`;
  return { linha: 0, coluna: '', valor: String(n), mensagem };
}

/** A file refused by importarNaTransacao: the report says why. */
export class ArquivoRecusado extends Error {
  constructor(readonly relatorio: Relatorio) {
    const [e] = relatorio.erros;
    super(
      `Arquivo de ${relatorio.entidade} recusado: ${relatorio.erros.length + relatorio.errosOmitidos} problema(s)` +
        (e ? `; linha ${e.linha}, ${e.coluna || 'arquivo'}: ${e.mensagem} (${e.valor})` : ''),
    );
  }
}

/**
 * The same engine — reading, row schema, staging, checks, upsert — inside a transaction the caller
 * already holds (the demo seed, under the schema lock: decision 0022, "The demo operator's files").
 * No history row and no entity lock (the caller's transaction serialises it); the staging table
 * lives and dies in that transaction. A refused file throws ArquivoRecusado and changes nothing
 * of its own (the caller's transaction decides the rest).
 */
export async function importarNaTransacao(
  tx: Queryable,
  origem: Readable,
  opcoes: Pick<
    OpcoesImportacao,
    'entidade' | 'formato' | 'codificacao' | 'modo' | 'transformarLinha' | 'confirmarCancelamentos' | 'limite'
  >,
): Promise<Relatorio> {
  const layout = LAYOUTS[opcoes.entidade];
  const o = { ...opcoes, dryRun: false, origem: 'cli' as const };
  const id = randomUUID();
  const relatorio = vazio(id, o, 'recusado', 0);
  const erros = new ErrosDoArquivo();
  const stg = new StagingRepository(
    tx,
    `importacao_stg_${id.replace(/-/g, '')}`,
    layout.colunas.map((c) => c.nome),
  );
  try {
    await estagiar(stg, origem, layout, o, relatorio, erros);
    await verificarEAplicar(tx, stg, layout, o, relatorio, erros, undefined, false);
  } catch (err) {
    if (err instanceof Recusa) throw new ArquivoRecusado(err.relatorio);
    throw err;
  }
  await stg.apagar();
  // The layouts' work tables are temporary `on commit drop`: the next file in the same transaction
  // (the seed loads several per part) creates them again.
  await tx.exec(
    `drop table if exists importacao_mudou, importacao_mudou_p, importacao_mudou_b, importacao_escrever_p,
       importacao_escrever_b, importacao_conjuntos`,
  );
  return relatorio;
}
