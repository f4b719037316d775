import { diaEmSaoPaulo, formatDate, primeiroDiaDoMesSeguinte } from '@portal/br';
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
import { sha256 } from '../../lib/crypto';
import type { AuditRepository, Origin } from '../../core/auditoria/repository';
import { SEM_CODIGO } from '../../core/confirmacao/codigo-sms';
import type { ConfirmacaoPorSms } from '../../core/confirmacao/service';
import { type Envio, violouUnicidade } from '../../core/solicitacoes/pedido';
import type { SolicitacoesService } from '../../core/solicitacoes/solicitacoes';
import type { Membro } from '../../core/sessao/membro';
import type { BeneficiarioServicoRow, ServicosRepository } from './repository';

export { CODIGO_MAX_TENTATIVAS, CODIGO_VALIDADE_MS } from '../../core/confirmacao/codigo-sms';
/** An acceptance is good for a code send within this time. */
export const ACEITE_VALIDADE_MS = 30 * 60_000;

const SO_RESPONSAVEL = 'Apenas o responsável financeiro do contrato pode contratar novos serviços.';

/** sha256 of the service and the sorted beneficiary codes: what a code confirms. */
export function hashDaSelecao(servico: CodigoServico, codigos: readonly string[]): string {
  return sha256(`${servico}:${[...codigos].sort().join(',')}`);
}

/** What the service needs, built once in services.ts (decision 0007). */
export interface ServicosDeps {
  repo: ServicosRepository;
  /** Opens the acceptance's transaction (its row and audit row commit together). */
  transacoes: Pick<Db, 'transaction'>;
  solicitacoes: SolicitacoesService;
  /** The SMS code of the 'servicos' flow. */
  confirmacao: ConfirmacaoPorSms;
  audit: AuditRepository;
  operadora: Pick<Operadora, 'nome' | 'links'>;
  clock: Clock;
}

/**
 * SOS and orthopedic contracting (docs/produto/comercial.md, "Screens", "Data", "Calls"; decision 0013): the offer, the term acceptance, the
 * SMS code and the confirmation. Only the financial responsible of an active contract may contract.
 * Codes are as strict as the sign-in codes (CSPRNG, HMAC-stored, 10 min, single use, 5 tries) and
 * bound to the session and to the selection they confirm.
 */
export class ServicosService {
  constructor(private readonly d: ServicosDeps) {}

  private links(servico: ServicoAdicional) {
    const { links } = this.d.operadora;
    return servico === 'sos'
      ? { linkTermoAdesao: links.termoAdesaoSos, linkContrato: links.contratoSos }
      : { linkTermoAdesao: links.termoAdesaoOrtopedico, linkContrato: links.contratoOrtopedico };
  }

  /** 403 for anyone but the financial responsible of an active contract; the service's price. */
  private async exigirResponsavel(membro: Membro, servico: ServicoAdicional) {
    if (!membro.responsavelFinanceiro) throw new AppError(403, 'ACESSO_RESTRITO', SO_RESPONSAVEL);
    if (!(await this.d.repo.contratoAtivo(membro)))
      throw new AppError(403, 'ACESSO_RESTRITO', 'Este contrato está cancelado e não aceita novas contratações.');
    const row = await this.d.repo.servico(SERVICOS_ADICIONAIS[servico].codigo);
    if (!row) throw new AppError(404, 'NAO_ENCONTRADO', 'Este serviço não está disponível para contratação.');
    return row;
  }

  /** Servicos/{…}/Beneficiarios: who may be included, the price, the validity start and the documents. */
  async oferta(membro: Membro, servico: ServicoAdicional): Promise<OfertaServico> {
    const s = await this.exigirResponsavel(membro, servico);
    return {
      beneficiarios: await this.d.repo.beneficiarios(membro, s.codigo),
      valorParaContratacao: s.valor,
      dataInicioVigenciaAposContratacao: primeiroDiaDoMesSeguinte(diaEmSaoPaulo(this.d.clock.now())),
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
    await this.selecaoValida(this.d.repo, membro, s.codigo, nome, codigos);
    const links = this.links(servico);
    const ordenados = [...codigos].sort();
    await this.d.transacoes.transaction(async (tx) => {
      await this.d.repo.com(tx).inserirAceite({
        membro,
        servico: s.codigo,
        beneficiarios: ordenados,
        selecaoHash: hashDaSelecao(s.codigo, ordenados),
        valorUnitario: s.valor,
        ...links,
        at: new Date(this.d.clock.now()),
        ip: origin.ip,
        userAgent: origin.userAgent,
      });
      await this.d.audit.com(tx).write('termo_aceito', membro.cpf, origin, {
        servico: s.codigo,
        beneficiarios: ordenados,
        ...links,
      });
    });
    return { sucesso: true as const, mensagem: 'Termo de adesão aceito.' };
  }

  /** What a code binds to: the session, the service and the accepted selection. */
  private contexto(membro: Membro, servico: CodigoServico, selecaoHash: string): string {
    return `contratacao:${membro.codigoSessao}:${servico}:${selecaoHash}`;
  }

  /** Servicos/{…}/EnviarSms: a code for the session's accepted selection, to the mobile on file. */
  async enviarSms(membro: Membro, servico: ServicoAdicional, origin: Origin) {
    const s = await this.exigirResponsavel(membro, servico);
    const agora = new Date(this.d.clock.now());
    const aceite = await this.d.repo.ultimoAceite(membro, s.codigo, new Date(agora.getTime() - ACEITE_VALIDADE_MS));
    if (!aceite)
      throw new AppError(
        422,
        'TERMO_NAO_ACEITO',
        'Aceite o termo de adesão antes de solicitar o código de confirmação.',
      );
    const { nome } = SERVICOS_ADICIONAIS[servico];
    const operadora = this.d.operadora.nome;
    return this.d.confirmacao.enviar({
      membro,
      origin,
      origemId: aceite.id,
      escopo: s.codigo,
      contexto: this.contexto(membro, s.codigo, aceite.selecao_hash),
      intervalo: `${membro.codigoSessao}:${s.codigo}:${aceite.selecao_hash}`,
      auditoria: { evento: 'codigo_contratacao_enviado', detalhe: { servico: s.codigo } },
      texto: (codigo) =>
        `${operadora}: seu código para confirmar a contratação do ${nome} é ${codigo}. Ele vale por 10 minutos. Não compartilhe este código.`,
    });
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
    await this.d.confirmacao.limitarVerificacao(envio.origin.ip);
    const { nome: nomeServico } = SERVICOS_ADICIONAIS[servico];

    return this.d.solicitacoes.registrar({
      membro,
      ...envio,
      executar: async (ctx) => {
        const repo = this.d.repo.com(ctx.tx);
        const row = await this.d.confirmacao.aberto(ctx.tx, membro, s.codigo, ctx.agora);
        const aceite = await repo.aceite(membro, row.origemId);
        if (!aceite) throw new AppError(422, 'CODIGO_NAO_CONFIRMADO', SEM_CODIGO);
        const enviada = pedido.codigoMatriculasBeneficiariosAlvo;
        if (enviada && hashDaSelecao(s.codigo, enviada) !== aceite.selecao_hash) {
          throw new AppError(
            422,
            'CODIGO_NAO_CONFIRMADO',
            'Os beneficiários selecionados mudaram depois do envio do código. Solicite um novo código.',
          );
        }
        await this.d.confirmacao.conferir(ctx.tx, row, {
          contexto: this.contexto(membro, s.codigo, aceite.selecao_hash),
          digitado: pedido.codigoToken,
          agora: ctx.agora,
          aoFalhar: (tentativas) => ctx.auditar('codigo_contratacao_falha', { servico: s.codigo, tentativas }),
        });

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
