import {
  type AcaoResponsavel,
  PAPEIS_QUE_REATRIBUEM,
  type PapelEquipe,
  PRESENCA_ATENDIMENTO,
  type Presente,
  type Responsavel,
  type SituacaoProtocolo,
} from '@portal/contract';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../lib/app-error';
import { aguardaResposta } from '../../lib/prazos';
import { EquipeRepository } from './repository';
import type { QuemAtende } from './equipe';

/**
 * Who is on a protocol (issue 31, decision 0055): its owner in the staff (assumir, liberar,
 * atribuir; migration 0037's protocolo_responsaveis, every change audited in the same transaction)
 * and who has its case screen open (protocolo_presencas, a heartbeat every 20 s valid for 45 s).
 */

export type EventoDoResponsavel = 'equipe_assumiu_protocolo' | 'equipe_liberou_protocolo' | 'equipe_atribuiu_protocolo';

/** What a request on the owner does: change it, nothing (already so), or a refusal with its status. */
export type DecisaoDoResponsavel =
  | { tipo: 'mudar'; novo: string | null; evento: EventoDoResponsavel }
  | { tipo: 'nada' }
  | { tipo: 'recusar'; status: 403 | 409; mensagem: string };

export const MENSAGENS_RESPONSAVEL = {
  fechado: 'Este protocolo já foi respondido: não é possível assumi-lo nem atribuí-lo.',
  deOutraPessoa:
    'Este protocolo está com outra pessoa da equipe. Só um supervisor ou administrador pode passá-lo para você.',
  atribuir: 'Só um supervisor ou administrador pode atribuir um protocolo a outra pessoa.',
  liberarDeOutraPessoa:
    'Este protocolo está com outra pessoa da equipe: só ela, um supervisor ou um administrador pode liberá-lo.',
} as const;

/**
 * The rule, apart from the database: anyone takes an unowned open protocol or releases their own;
 * taking it from someone else, releasing someone else's or assigning to another person is for
 * PAPEIS_QUE_REATRIBUEM. An attendant 'assigning' to themselves is taking it.
 */
export function decidirResponsavel(x: {
  acao: AcaoResponsavel;
  eu: { id: string; papel: PapelEquipe };
  dono: string | null;
  alvo?: string | undefined;
  aberto: boolean;
}): DecisaoDoResponsavel {
  const reatribui = PAPEIS_QUE_REATRIBUEM.includes(x.eu.papel);
  const recusar = (status: 403 | 409, mensagem: string): DecisaoDoResponsavel => ({
    tipo: 'recusar',
    status,
    mensagem,
  });
  if (x.acao === 'liberar') {
    if (x.dono === null) return { tipo: 'nada' };
    if (x.dono !== x.eu.id && !reatribui) return recusar(403, MENSAGENS_RESPONSAVEL.liberarDeOutraPessoa);
    return { tipo: 'mudar', novo: null, evento: 'equipe_liberou_protocolo' };
  }
  const alvo = x.acao === 'assumir' ? x.eu.id : (x.alvo ?? x.eu.id);
  const paraMim = alvo === x.eu.id;
  if (!paraMim && !reatribui) return recusar(403, MENSAGENS_RESPONSAVEL.atribuir);
  if (!x.aberto) return recusar(409, MENSAGENS_RESPONSAVEL.fechado);
  if (x.dono === alvo) return { tipo: 'nada' };
  if (x.dono !== null && x.dono !== x.eu.id && !reatribui) return recusar(403, MENSAGENS_RESPONSAVEL.deOutraPessoa);
  return { tipo: 'mudar', novo: alvo, evento: paraMim ? 'equipe_assumiu_protocolo' : 'equipe_atribuiu_protocolo' };
}

const naoEncontrado = () => new AppError(404, 'NAO_ENCONTRADO', 'Protocolo não encontrado.');
const iso = (d: Date | string) => new Date(d).toISOString();

class ResponsaveisRepository {
  constructor(private readonly q: Queryable) {}

  /** The protocol, locked until the transaction ends (two changes of owner at once go one after the other). */
  async travar(numero: string) {
    const [row] = await this.q.query<{ situacao: SituacaoProtocolo; codigoContrato: string; dono: string | null }>(
      `select p.situacao, p.codigo_contrato as "codigoContrato",
         (select conta_id from protocolo_responsaveis r where r.numero = p.numero) as dono
       from protocolos p where p.numero = $1 for update`,
      [numero],
    );
    return row ?? null;
  }

  async contaAtiva(id: string) {
    const [row] = await this.q.query<{ id: string }>(
      'select id from equipe_contas where id = $1 and desativada_em is null',
      [id],
    );
    return row ?? null;
  }

  async definir(numero: string, contaId: string | null, em: Date, por: string): Promise<void> {
    if (contaId === null) {
      await this.q.query('delete from protocolo_responsaveis where numero = $1', [numero]);
      return;
    }
    await this.q.query(
      `insert into protocolo_responsaveis (numero, conta_id, desde, atribuido_por) values ($1, $2, $3, $4)
       on conflict (numero) do update set conta_id = excluded.conta_id, desde = excluded.desde,
         atribuido_por = excluded.atribuido_por`,
      [numero, contaId, em, por],
    );
  }

  async responsavel(numero: string) {
    const [row] = await this.q.query<{
      id: string;
      nome: string;
      papel: PapelEquipe;
      desde: Date;
      porId: string | null;
      porNome: string | null;
    }>(
      `select r.conta_id as id, c.nome, c.papel, r.desde, r.atribuido_por as "porId", a.nome as "porNome"
       from protocolo_responsaveis r join equipe_contas c on c.id = r.conta_id
       left join equipe_contas a on a.id = r.atribuido_por
       where r.numero = $1`,
      [numero],
    );
    return row ?? null;
  }

  async marcarPresenca(numero: string, contaId: string, agora: Date, ate: Date): Promise<void> {
    await this.q.query('delete from protocolo_presencas where ate <= $1', [agora]);
    await this.q.query(
      `insert into protocolo_presencas (numero, conta_id, ate) values ($1, $2, $3)
       on conflict (numero, conta_id) do update set ate = excluded.ate`,
      [numero, contaId, ate],
    );
  }

  async sair(numero: string, contaId: string): Promise<void> {
    await this.q.query('delete from protocolo_presencas where numero = $1 and conta_id = $2', [numero, contaId]);
  }

  /** The others with the case open now (at most 10: a screen says a few names, not a crowd). */
  async presentes(numero: string, exceto: string, agora: Date): Promise<Presente[]> {
    return this.q.query<Presente>(
      `select c.id, c.nome, c.papel from protocolo_presencas pp join equipe_contas c on c.id = pp.conta_id
       where pp.numero = $1 and pp.conta_id <> $2 and pp.ate > $3 and c.desativada_em is null
       order by c.nome, c.id limit 10`,
      [numero, exceto, agora],
    );
  }

  async existe(numero: string): Promise<boolean> {
    return (await this.q.query('select 1 from protocolos where numero = $1', [numero])).length === 1;
  }

  async equipeAtiva() {
    return this.q.query<{ id: string; nome: string; papel: PapelEquipe }>(
      `select id, nome, papel from equipe_contas
       where desativada_em is null and totp_confirmado_em is not null order by nome, id`,
    );
  }
}

export class QuemEstaNoProtocolo {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Told of each audited change once it is committed (metrics). */
    private readonly aoAuditar: (quem: QuemAtende, evento: string) => void = () => undefined,
  ) {}

  private get repo() {
    return new ResponsaveisRepository(this.db);
  }

  async responsavel(numero: string): Promise<Responsavel> {
    const r = await this.repo.responsavel(numero);
    if (!r) return null;
    return {
      id: r.id,
      nome: r.nome,
      papel: r.papel,
      desde: iso(r.desde),
      atribuidoPor: r.porId && r.porId !== r.id ? { id: r.porId, nome: r.porNome ?? '' } : null,
    };
  }

  presentes(numero: string, exceto: string): Promise<Presente[]> {
    return this.repo.presentes(numero, exceto, new Date(this.clock.now()));
  }

  /**
   * assumir / liberar / atribuir: decided by decidirResponsavel under the protocol's row lock, the
   * change and its audit row in one transaction. A request that changes nothing writes nothing.
   */
  async mudar(
    numero: string,
    pedido: { acao: AcaoResponsavel; equipeId?: string | undefined },
    quem: QuemAtende,
  ): Promise<Responsavel> {
    const eu = quem.equipe.conta;
    const evento = await this.db.transaction(async (tx) => {
      const repo = new ResponsaveisRepository(tx);
      const p = await repo.travar(numero);
      if (!p) throw naoEncontrado();
      const d = decidirResponsavel({
        acao: pedido.acao,
        eu: { id: eu.id, papel: eu.papel },
        dono: p.dono,
        alvo: pedido.equipeId,
        aberto: aguardaResposta(p.situacao),
      });
      if (d.tipo === 'recusar')
        throw new AppError(d.status, d.status === 403 ? 'SEM_PERMISSAO' : 'JA_REGISTRADO', d.mensagem);
      if (d.tipo === 'nada') return null;
      if (d.novo !== null && d.novo !== eu.id && !(await repo.contaAtiva(d.novo)))
        throw new AppError(404, 'NAO_ENCONTRADO', 'Pessoa da equipe não encontrada ou desativada.');
      const em = new Date(this.clock.now());
      await repo.definir(numero, d.novo, em, eu.id);
      await new EquipeRepository(tx).auditar({
        em,
        contaId: eu.id,
        evento: d.evento,
        protocolo: numero,
        codigoContrato: p.codigoContrato,
        ip: quem.origin.ip,
        userAgent: quem.origin.userAgent,
        detalhe: { de: p.dono, para: d.novo },
      });
      return d.evento;
    });
    if (evento) this.aoAuditar(quem, evento);
    return this.responsavel(numero);
  }

  /** The case screen's heartbeat: I am here for the next 45 s; who else is. */
  async marcarPresenca(numero: string, quem: QuemAtende): Promise<Presente[]> {
    const repo = this.repo;
    if (!(await repo.existe(numero))) throw naoEncontrado();
    const agora = this.clock.now();
    await repo.marcarPresenca(
      numero,
      quem.equipe.conta.id,
      new Date(agora),
      new Date(agora + PRESENCA_ATENDIMENTO.validadeMs),
    );
    return this.presentes(numero, quem.equipe.conta.id);
  }

  /** The case screen closed: the others stop seeing me at once. */
  sair(numero: string, quem: QuemAtende): Promise<void> {
    return this.repo.sair(numero, quem.equipe.conta.id);
  }

  equipeAtiva() {
    return this.repo.equipeAtiva();
  }
}
