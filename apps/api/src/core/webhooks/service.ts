import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { AppError, dadosInvalidos } from '../../lib/app-error';
import type { Contadores } from '../../lib/metricas';
import type { TipoProtocolo } from '../protocolos/repository';
import type { Cofre } from '../../lib/selagem';
import { novoSegredo } from './assinatura';
import { GuardaDeDestino, type Resolvedor } from './destino';
import { Entregador, type OpcoesDeEntrega } from './entregador';
import {
  ACAO_DO_TIPO,
  corpoDoEvento,
  type DadosProtocolo,
  EVENTO_DO_TIPO,
  TIPOS_EVENTO,
  type TipoEvento,
  tiposDeEventoValidos,
} from './eventos';
import { type EndpointRow, type EntregaListada, type FiltroDeEntregas, WebhooksRepository } from './repository';

export { TIPOS_EVENTO, type TipoEvento } from './eventos';
export type { OpcoesDeEntrega } from './entregador';
export type { Resolvedor } from './destino';

/** An endpoint as listed (never its secret). */
export interface Endpoint {
  id: string;
  url: string;
  /** The operator's own note (which of its systems listens there). */
  descricao: string | null;
  eventos: TipoEvento[];
  ativo: boolean;
  criadoEm: string;
  desativadoEm: string | null;
  motivoDesativacao: string | null;
  /** ISO: until when the previous secret still signs (a rotation's overlap). */
  segredoAnteriorAte: string | null;
}

const SOBREPOSICAO_PADRAO_MS = 24 * 3600 * 1000;

const naoEncontrado = () => new AppError(404, 'NAO_ENCONTRADO', 'Endpoint de webhook não encontrado.');

const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());

/** A listed delivery's last attempt (null before the first), as both listings show it, with what a listing adds. */
function ultimaTentativa<E extends object = Record<never, never>>(r: EntregaListada, mais?: E) {
  if (r.ultima_em === null) return null;
  const t = {
    em: new Date(r.ultima_em).toISOString(),
    statusHttp: r.ultimo_status_http,
    resultado: r.ultimo_resultado ?? '',
  };
  return { ...t, ...mais } as typeof t & E;
}

function paraEndpoint(r: EndpointRow): Endpoint {
  return {
    id: r.id,
    url: r.url,
    descricao: r.descricao,
    eventos: r.eventos as TipoEvento[],
    ativo: r.ativo,
    criadoEm: new Date(r.criado_em).toISOString(),
    desativadoEm: iso(r.desativado_em),
    motivoDesativacao: r.motivo_desativacao,
    segredoAnteriorAte: iso(r.segredo_anterior_ate),
  };
}

const idAleatorio = (prefixo: string) => `${prefixo}_${randomBytes(16).toString('base64url')}`;

/** What the webhooks need, built once in services.ts (decision 0007) or by the CLI. */
export interface WebhooksDeps {
  db: Db;
  /**
   * Seals the endpoints' secrets (AES-256-GCM under a key derived from the environment's sealing key:
   * HMAC secrets must be read back to sign, so they are sealed, not hashed; decision 0030, db/selagem.ts).
   */
  cofre: Cofre;
  opcoes: OpcoesDeEntrega & { producao: boolean };
  /** The request clock (the event's timestamp); the queue itself runs on wall time (Entregador). */
  clock: Clock;
  log: FastifyBaseLogger;
  /** How endpoint names are resolved (the system's dns.lookup unless a test gives its own). */
  resolvedor?: Resolvedor;
  /** Each attempt's outcome, for /metrics (none when metrics are off). */
  contadores?: Pick<Contadores, 'entregaDeWebhook'>;
}

/** A delivery as listed (the integration API): its message, endpoint, state and last attempt. */
export interface EntregaResumo {
  id: string;
  mensagemId: string;
  tipo: string;
  endpointId: string;
  situacao: string;
  tentativas: number;
  mensagemCriadaEm: string;
  entregueEm: string | null;
  ultimaTentativa: { em: string; statusHttp: number | null; resultado: string } | null;
}

/**
 * Webhooks out (issue 17, decisions 0029 and 0030). The methods the CLI and the integration API
 * (/api/integracao/v1/webhooks) use: criarEndpoint, listar, alterarEndpoint, rotacionarSegredo,
 * desativar, reenviar, reenviarPeriodo, entregas, listarEntregas. The request pipeline emits
 * through protocoloAberto (inside the request's transaction) and wakes the worker after commit.
 */
export class WebhooksService {
  readonly entregador: Entregador;
  private readonly cofre: Cofre;
  private readonly guarda: GuardaDeDestino;

  constructor(private readonly d: WebhooksDeps) {
    this.cofre = d.cofre;
    this.guarda = new GuardaDeDestino(d.opcoes.redesPermitidas, d.resolvedor, d.opcoes.timeoutMs);
    this.entregador = new Entregador({
      db: d.db,
      cofre: this.cofre,
      opcoes: d.opcoes,
      guarda: this.guarda,
      log: d.log,
      contadores: d.contadores,
    });
  }

  /**
   * A URL the server may post to: to a public address or an allowed network (decision 0048). A
   * name is resolved now and every address checked; a name that does not resolve yet is accepted,
   * as every delivery checks again.
   */
  private async validarDestino(u: URL): Promise<string> {
    if ((await this.guarda.verificar(u)) === 'recusado')
      throw dadosInvalidos(
        'Destino não permitido: a URL do webhook aponta para um endereço local, interno ou reservado. ' +
          'Um receptor na rede interna da operadora precisa ter a rede liberada em WEBHOOKS_REDES_PERMITIDAS.',
      );
    return u.toString();
  }

  /** A URL: https; http only to this machine outside production. */
  private validarEsquema(url: string): URL {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      throw dadosInvalidos('URL inválida. Informe uma URL completa, como https://exemplo.com.br/webhooks.');
    }
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
    if (u.protocol === 'https:' || (u.protocol === 'http:' && local && !this.d.opcoes.producao)) return u;
    throw dadosInvalidos(
      this.d.opcoes.producao
        ? 'A URL do webhook deve usar https.'
        : 'A URL do webhook deve usar https (http só para localhost em desenvolvimento).',
    );
  }

  private validarEventos(eventos: string[]): TipoEvento[] {
    const lista = [...new Set(eventos.map((e) => e.trim()).filter(Boolean))];
    if (!lista.length || !tiposDeEventoValidos(lista))
      throw dadosInvalidos(`Eventos inválidos. Use um ou mais de: ${TIPOS_EVENTO.join(', ')}.`);
    return lista;
  }

  /** A new endpoint; its secret is shown here once and never again (listar omits it). */
  async criarEndpoint(p: {
    url: string;
    eventos: string[];
    descricao?: string | null | undefined;
  }): Promise<Endpoint & { segredo: string }> {
    const u = this.validarEsquema(p.url);
    const eventos = this.validarEventos(p.eventos);
    // The destination last: its check may ask the DNS.
    const url = await this.validarDestino(u);
    const segredo = novoSegredo();
    const id = idAleatorio('ep');
    const repo = new WebhooksRepository(this.d.db);
    await repo.inserirEndpoint({
      id,
      url,
      eventos,
      segredo: this.cofre.selar(segredo),
      criadoEm: new Date(),
      descricao: p.descricao ?? null,
    });
    const row = await repo.endpoint(id);
    if (!row) throw new Error('endpoint just inserted is missing');
    return { ...paraEndpoint(row), segredo };
  }

  async listar(): Promise<Endpoint[]> {
    return (await new WebhooksRepository(this.d.db).endpoints()).map(paraEndpoint);
  }

  async endpoint(id: string): Promise<Endpoint> {
    const row = await new WebhooksRepository(this.d.db).endpoint(id);
    if (!row) throw naoEncontrado();
    return paraEndpoint(row);
  }

  /**
   * Changes url, events, description, or turns the endpoint off (pending deliveries cancelled, as
   * `desativar`) or back on (new events reach it; a cancelled delivery goes again only by replay).
   * The secret is untouched: `rotacionarSegredo` changes it.
   */
  async alterarEndpoint(
    id: string,
    m: {
      url?: string | undefined;
      eventos?: string[] | undefined;
      descricao?: string | null | undefined;
      ativo?: boolean | undefined;
    },
  ): Promise<Endpoint> {
    const u = m.url === undefined ? undefined : this.validarEsquema(m.url);
    const eventos = m.eventos === undefined ? undefined : this.validarEventos(m.eventos);
    const url = u === undefined ? undefined : await this.validarDestino(u);
    await this.d.db.transaction(async (tx) => {
      const repo = new WebhooksRepository(tx);
      const row = await repo.endpointParaAlterar(id);
      if (!row) throw naoEncontrado();
      await repo.alterarEndpoint(id, { url, eventos, descricao: m.descricao });
      if (m.ativo === false && row.ativo) await repo.desativar(id, 'Desativado pelo operador.', new Date());
      if (m.ativo === true && !row.ativo) await repo.reativar(id);
    });
    return this.endpoint(id);
  }

  /** A new secret; the old one keeps signing (a second signature) for `sobreposicaoMs`. */
  async rotacionarSegredo(
    id: string,
    sobreposicaoMs = SOBREPOSICAO_PADRAO_MS,
  ): Promise<{ segredo: string; anteriorAte: string }> {
    return this.d.db.transaction(async (tx) => {
      const repo = new WebhooksRepository(tx);
      const row = await repo.endpointParaAlterar(id);
      if (!row?.ativo) throw naoEncontrado();
      const segredo = novoSegredo();
      const ate = new Date(Date.now() + sobreposicaoMs);
      await repo.trocarSegredo(id, this.cofre.selar(segredo), row.segredo, ate);
      return { segredo, anteriorAte: ate.toISOString() };
    });
  }

  async desativar(id: string): Promise<void> {
    const repo = new WebhooksRepository(this.d.db);
    if (!(await repo.endpoint(id))) throw naoEncontrado();
    await this.d.db.transaction((tx) =>
      new WebhooksRepository(tx).desativar(id, 'Desativado pelo operador.', new Date()),
    );
  }

  /** Sends one message again (same webhook-id) to the active endpoints subscribed to it. */
  async reenviar(mensagemId: string): Promise<number> {
    const repo = new WebhooksRepository(this.d.db);
    if (!(await repo.mensagemExiste(mensagemId)))
      throw new AppError(404, 'NAO_ENCONTRADO', 'Mensagem de webhook não encontrada.');
    const n = await repo.reenviar('m.id = $1', [mensagemId], new Date());
    this.entregador.acordar();
    return n;
  }

  /** Sends again every message created in [desde, ate]. */
  async reenviarPeriodo(desde: Date, ate: Date): Promise<number> {
    if (Number.isNaN(desde.getTime()) || Number.isNaN(ate.getTime()) || desde > ate)
      throw dadosInvalidos('Período inválido. Informe datas ISO 8601 com o início antes do fim.');
    const n = await new WebhooksRepository(this.d.db).reenviar(
      'm.criado_em between $1 and $2',
      [desde, ate],
      new Date(),
    );
    this.entregador.acordar();
    return n;
  }

  /** Deliveries waiting, the oldest one's creation, dead letters (metrics, decision 0051). */
  resumoDaFila() {
    return new WebhooksRepository(this.d.db).resumoDaFila();
  }

  entregas(mensagemId: string) {
    return new WebhooksRepository(this.d.db).entregas(mensagemId);
  }

  /** Deliveries newest first (keyset: `antesDe` is the last id of the previous page). */
  async listarEntregas(f: FiltroDeEntregas): Promise<{ entregas: EntregaResumo[]; proximoCursor: string | null }> {
    const rows = await new WebhooksRepository(this.d.db).listarEntregas({ ...f, limite: f.limite + 1 });
    const pagina = rows.slice(0, f.limite);
    return {
      entregas: pagina.map((r) => ({
        id: r.id,
        mensagemId: r.mensagem_id,
        tipo: r.tipo,
        endpointId: r.endpoint_id,
        situacao: r.situacao,
        tentativas: r.tentativas,
        mensagemCriadaEm: new Date(r.mensagem_criada_em).toISOString(),
        entregueEm: iso(r.entregue_em),
        ultimaTentativa: ultimaTentativa(r),
      })),
      proximoCursor: rows.length > f.limite ? (pagina.at(-1)?.id ?? null) : null,
    };
  }

  /**
   * The staff console's view of the same listing (decision 0033): with the endpoint's URL, when a
   * pending delivery is tried next and the last attempt's error.
   */
  async listarEntregasDoConsole(f: {
    situacao?: 'pendente' | 'entregue' | 'falhou' | 'cancelada' | undefined;
    cursor?: string | undefined;
    limite: number;
  }) {
    const rows = await new WebhooksRepository(this.d.db).listarEntregas({
      situacao: f.situacao,
      antesDe: f.cursor,
      limite: f.limite + 1,
    });
    const pagina = rows.slice(0, f.limite);
    return {
      entregas: pagina.map((r) => ({
        id: r.id,
        mensagemId: r.mensagem_id,
        tipo: r.tipo,
        endpointId: r.endpoint_id,
        url: r.url,
        situacao: r.situacao as 'pendente' | 'entregue' | 'falhou' | 'cancelada',
        tentativas: r.tentativas,
        criadoEm: new Date(r.mensagem_criada_em).toISOString(),
        proximaEm: iso(r.proxima_em),
        entregueEm: iso(r.entregue_em),
        ultimaTentativa: ultimaTentativa(r, { erro: r.ultimo_erro }),
      })),
      proximoCursor: rows.length > f.limite ? (pagina.at(-1)?.id ?? null) : null,
    };
  }

  /**
   * Records an event inside the caller's transaction (the outbox): it goes out only if that
   * transaction commits, and is then never lost. Returns the message id (the webhook-id).
   */
  async registrarEvento(tx: Queryable, tipo: TipoEvento, data: Record<string, unknown>): Promise<string> {
    const id = idAleatorio('msg');
    const em = new Date(this.d.clock.now());
    await new WebhooksRepository(tx).registrarMensagem({
      id,
      tipo,
      payload: corpoDoEvento(tipo, em, data),
      criadoEm: em,
      filaEm: new Date(),
    });
    return id;
  }

  /** A protocol was opened (SolicitacoesService): protocolo.criado and the event of its kind. */
  async protocoloAberto(tx: Queryable, p: Omit<DadosProtocolo, 'acao'> & { tipo: TipoProtocolo }): Promise<void> {
    const dados: DadosProtocolo = { ...p, acao: ACAO_DO_TIPO[p.tipo] };
    await this.registrarEvento(tx, 'protocolo.criado', { ...dados });
    const especifico = EVENTO_DO_TIPO[p.tipo];
    if (especifico) await this.registrarEvento(tx, especifico, { ...dados });
  }

  /** A protocol's status or answer changed (the staff console and the integration API call this in their transaction). */
  async protocoloAtualizado(tx: Queryable, p: Omit<DadosProtocolo, 'acao'>): Promise<void> {
    await this.registrarEvento(tx, 'protocolo.atualizado', { ...p, acao: 'nenhuma' });
  }

  /** After a commit that recorded events: deliver now rather than at the next tick. */
  depoisDoCommit(): void {
    this.entregador.acordar();
  }
}
