import { diaEmSaoPaulo, formatDate, maskPhone, primeiroDiaDoMesSeguinte } from '@portal/br';
import {
  type CodigoServico,
  type ContratacaoConcluida,
  type OfertaServico,
  type Operadora,
  SERVICOS_ADICIONAIS,
  type ServicoAdicional,
} from '@portal/contract';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { AppError } from '../../lib/app-error';
import type { CounterStore } from '../../lib/counters';
import { sha256 } from '../../lib/crypto';
import { AuditRepository, type Origin } from '../audit/repository';
import { CODIGO_VALIDADE_MS, CodigoSms, type LimitesCodigo, SEM_CODIGO } from '../confirmacao/codigo-sms';
import type { Notifier } from '../notificacoes/service';
import { type Envio, violouUnicidade } from '../solicitacoes/pedido';
import type { SolicitacoesService } from '../solicitacoes/solicitacoes';
import type { Membro } from '../sessao/membro';
import { type BeneficiarioServicoRow, ServicosRepository } from './repository';

export { CODIGO_MAX_TENTATIVAS, CODIGO_VALIDADE_MS } from '../confirmacao/codigo-sms';
/** An acceptance is good for a code send within this time. */
export const ACEITE_VALIDADE_MS = 30 * 60_000;

const SO_RESPONSAVEL = 'Apenas o responsável financeiro do contrato pode contratar novos serviços.';

/** sha256 of the service and the sorted beneficiary codes: what a code confirms. */
export function hashDaSelecao(servico: CodigoServico, codigos: readonly string[]): string {
  return sha256(`${servico}:${[...codigos].sort().join(',')}`);
}

/**
 * SOS and orthopedic contracting (spec 2, 3, 7; decision 0013): the offer, the term acceptance, the
 * SMS code and the confirmation. Only the financial responsible of an active contract may contract.
 * Codes are as strict as the sign-in codes (CSPRNG, HMAC-stored, 10 min, single use, 5 tries) and
 * bound to the session and to the selection they confirm.
 */
export class ServicosService {
  private readonly repo: ServicosRepository;
  private readonly codigos: CodigoSms;

  constructor(
    private readonly db: Db,
    private readonly solicitacoes: SolicitacoesService,
    private readonly notifier: Notifier,
    counters: CounterStore,
    limites: LimitesCodigo,
    private readonly operadora: Pick<Operadora, 'nome' | 'links'>,
    secret: string,
    private readonly clock: Clock,
  ) {
    this.repo = new ServicosRepository(db);
    this.codigos = new CodigoSms('servicos', secret, counters, limites, clock);
  }

  private links(servico: ServicoAdicional) {
    const { links } = this.operadora;
    return servico === 'sos'
      ? { linkTermoAdesao: links.termoAdesaoSos, linkContrato: links.contratoSos }
      : { linkTermoAdesao: links.termoAdesaoOrtopedico, linkContrato: links.contratoOrtopedico };
  }

  /** 403 for anyone but the financial responsible of an active contract; the service's price. */
  private async exigirResponsavel(membro: Membro, servico: ServicoAdicional) {
    if (!membro.responsavelFinanceiro) throw new AppError(403, 'ACESSO_RESTRITO', SO_RESPONSAVEL);
    if (!(await this.repo.contratoAtivo(membro)))
      throw new AppError(403, 'ACESSO_RESTRITO', 'Este contrato está cancelado e não aceita novas contratações.');
    const row = await this.repo.servico(SERVICOS_ADICIONAIS[servico].codigo);
    if (!row) throw new AppError(404, 'NAO_ENCONTRADO', 'Este serviço não está disponível para contratação.');
    return row;
  }

  /** Servicos/{…}/Beneficiarios: who may be included, the price, the validity start and the documents. */
  async oferta(membro: Membro, servico: ServicoAdicional): Promise<OfertaServico> {
    const s = await this.exigirResponsavel(membro, servico);
    return {
      beneficiarios: await this.repo.beneficiarios(membro, s.codigo),
      valorParaContratacao: s.valor,
      dataInicioVigenciaAposContratacao: primeiroDiaDoMesSeguinte(diaEmSaoPaulo(this.clock.now())),
      ...this.links(servico),
    };
  }

  /** The selection, checked: every code a beneficiary of the contract who does not hold the service. */
  private async selecaoValida(
    repo: ServicosRepository,
    membro: Membro,
    codigo: CodigoServico,
    nomeServico: string,
    codigos: readonly string[],
  ): Promise<BeneficiarioServicoRow[]> {
    const rows = await repo.beneficiarios(membro, codigo, [...codigos]);
    if (rows.length !== codigos.length)
      throw new AppError(404, 'NAO_ENCONTRADO', 'Beneficiário não encontrado neste contrato.');
    const titular = rows.find((r) => r.temAcessorioContratado);
    if (titular) throw new AppError(409, 'JA_REGISTRADO', `${titular.nome} já possui o ${nomeServico}.`);
    return rows;
  }

  /** Servicos/{…}/AceiteTermoAdesao: records who accepted which documents for whom. */
  async aceitarTermo(membro: Membro, servico: ServicoAdicional, codigos: string[], origin: Origin) {
    const s = await this.exigirResponsavel(membro, servico);
    const { nome } = SERVICOS_ADICIONAIS[servico];
    await this.selecaoValida(this.repo, membro, s.codigo, nome, codigos);
    const links = this.links(servico);
    const ordenados = [...codigos].sort();
    await this.db.transaction(async (tx) => {
      await new ServicosRepository(tx).inserirAceite({
        membro,
        servico: s.codigo,
        beneficiarios: ordenados,
        selecaoHash: hashDaSelecao(s.codigo, ordenados),
        valorUnitario: s.valor,
        ...links,
        at: new Date(this.clock.now()),
        ip: origin.ip,
        userAgent: origin.userAgent,
      });
      await new AuditRepository(tx, this.clock).write('termo_aceito', membro.cpf, origin, {
        servico: s.codigo,
        beneficiarios: ordenados,
        ...links,
      });
    });
    return { sucesso: true as const, mensagem: 'Termo de adesão aceito.' };
  }

  private digest(membro: Membro, servico: CodigoServico, selecaoHash: string, codigo: string): string {
    return this.codigos.digest(`contratacao:${membro.codigoSessao}:${servico}:${selecaoHash}`, codigo);
  }

  /** Servicos/{…}/EnviarSms: a code for the session's accepted selection, to the mobile on file. */
  async enviarSms(membro: Membro, servico: ServicoAdicional, origin: Origin) {
    const s = await this.exigirResponsavel(membro, servico);
    const agora = new Date(this.clock.now());
    const aceite = await this.repo.ultimoAceite(membro, s.codigo, new Date(agora.getTime() - ACEITE_VALIDADE_MS));
    if (!aceite)
      throw new AppError(
        422,
        'TERMO_NAO_ACEITO',
        'Aceite o termo de adesão antes de solicitar o código de confirmação.',
      );
    const celular = await this.repo.celular(membro.cpf);
    if (!celular) {
      throw new AppError(
        422,
        'CONTATO_INDISPONIVEL',
        'Não há celular cadastrado para receber o código. Atualize seus dados junto à operadora.',
      );
    }
    await this.codigos.limitarEnvio(`${membro.codigoSessao}:${s.codigo}:${aceite.selecao_hash}`, membro.cpf, origin.ip);
    const codigo = this.codigos.gerar();
    const { nome } = SERVICOS_ADICIONAIS[servico];
    const entrega = await this.db.transaction(async (tx) => {
      const repo = new ServicosRepository(tx);
      await repo.invalidarCodigos(membro, s.codigo, agora);
      await repo.inserirCodigo({
        aceiteId: aceite.id,
        membro,
        servico: s.codigo,
        destino: celular,
        codigoHmac: this.digest(membro, s.codigo, aceite.selecao_hash, codigo),
        at: agora,
        expiraEm: new Date(agora.getTime() + CODIGO_VALIDADE_MS),
      });
      await new AuditRepository(tx, this.clock).write('codigo_contratacao_enviado', membro.cpf, origin, {
        servico: s.codigo,
      });
      return this.notifier.registrar(tx, {
        canal: 'sms',
        destino: celular,
        assunto: `${this.operadora.nome}: código de confirmação`,
        texto: `${this.operadora.nome}: seu código para confirmar a contratação do ${nome} é ${codigo}. Ele vale por 10 minutos. Não compartilhe este código.`,
        codigo,
      });
    });
    this.notifier.entregar([entrega]);
    const destino = maskPhone(celular);
    return { sucesso: true as const, mensagem: `Código enviado para ${destino}.`, destino };
  }

  /**
   * Servicos/{…}/ConfirmarContratacao: checks the code (a wrong one spends a try, kept even though
   * the request fails), then in the same transaction uses it up, includes the beneficiaries, and
   * stores the contracting with its protocol, audit row and message to the member.
   */
  async confirmar(
    membro: Membro,
    servico: ServicoAdicional,
    pedido: { codigoToken: string; codigoMatriculasBeneficiariosAlvo?: string[] | undefined },
    envio: Envio,
  ): Promise<{ sucesso: true; dados: ContratacaoConcluida }> {
    const s = await this.exigirResponsavel(membro, servico);
    await this.codigos.limitarVerificacao(envio.origin.ip);
    const { nome: nomeServico } = SERVICOS_ADICIONAIS[servico];

    return this.solicitacoes.registrar({
      membro,
      ...envio,
      executar: async (ctx) => {
        const repo = new ServicosRepository(ctx.tx);
        const row = this.codigos.exigirAberto(await repo.codigoAbertoParaConfirmar(membro, s.codigo), ctx.agora);
        const aceite = await repo.aceite(membro, row.aceite_id);
        if (!aceite) throw new AppError(422, 'CODIGO_NAO_CONFIRMADO', SEM_CODIGO);
        const enviada = pedido.codigoMatriculasBeneficiariosAlvo;
        if (enviada && hashDaSelecao(s.codigo, enviada) !== aceite.selecao_hash) {
          throw new AppError(
            422,
            'CODIGO_NAO_CONFIRMADO',
            'Os beneficiários selecionados mudaram depois do envio do código. Solicite um novo código.',
          );
        }
        const esperado = this.digest(membro, s.codigo, aceite.selecao_hash, pedido.codigoToken);
        await this.codigos.conferir(row, esperado, repo, ctx.agora, (tentativas) =>
          ctx.auditar('codigo_contratacao_falha', { servico: s.codigo, tentativas }),
        );

        const incluidos = await this.selecaoValida(repo, membro, s.codigo, nomeServico, aceite.beneficiarios);
        const inicioVigencia = primeiroDiaDoMesSeguinte(ctx.hoje);
        const nomes = incluidos.map((b) => b.nome);
        const valorTotal = (Math.round(aceite.valor_unitario * 100) * incluidos.length) / 100;
        const protocolo = await ctx.abrirProtocolo({
          tipo: s.codigo === 'SOS' ? 'CONTRATACAO_SOS' : 'CONTRATACAO_ORTOPEDICO',
          assunto: `Contratação do ${nomeServico} para ${nomes.length} beneficiário(s): ${nomes.join(', ')}`,
          situacao: 'CONCLUIDO',
          resposta: `Contratação concluída. Vigência a partir de ${formatDate(inicioVigencia)}.`,
        });
        const contratacaoId = await repo.inserirContratacao({
          protocolo: protocolo.numero,
          servico: s.codigo,
          membro,
          aceiteId: aceite.id,
          valorUnitario: aceite.valor_unitario,
          quantidade: incluidos.length,
          valorTotal,
          inicioVigencia,
          at: ctx.agora,
        });
        try {
          await repo.inserirContratados(
            incluidos.map((b) => b.codigoBeneficiario),
            s.codigo,
            inicioVigencia,
            ctx.agora,
            contratacaoId,
          );
        } catch (err) {
          if (violouUnicidade(err))
            throw new AppError(409, 'JA_REGISTRADO', `Um dos beneficiários já possui o ${nomeServico}.`);
          throw err;
        }
        await ctx.avisarMembro(
          `contratação do ${nomeServico}, protocolo ${protocolo.numero}`,
          `a contratação do ${nomeServico} para ${nomes.join(', ')} foi concluída. ` +
            `Vigência a partir de ${formatDate(inicioVigencia)}. Protocolo ${protocolo.numero}.`,
        );
        return {
          sucesso: true as const,
          dados: {
            dataConclusaoContratacao: ctx.agora.toISOString(),
            dataInicioVigencia: inicioVigencia,
            beneficiariosContratados: nomes,
            valorTotal,
            protocolo: protocolo.numero,
            prazoResposta: protocolo.prazoResposta,
          },
        };
      },
    });
  }
}
