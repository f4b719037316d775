import { formatDate, formatDateTime, maskPhone } from '@portal/br';
import {
  type AbrangenciaCancelamento,
  type CancelamentoConcluido,
  CONSEQUENCIAS_VERSAO,
  consequenciasCancelamento,
  type OpcoesCancelamento,
  type Operadora,
  SO_TITULAR_CANCELA,
} from '@portal/contract';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { AppError } from '../../lib/app-error';
import { sha256 } from '../../lib/crypto';
import type { AuditRepository, Origin } from '../../core/auditoria/repository';
import type { ConfirmacaoPorSms } from '../../core/confirmacao/service';
import type { Arquivo } from '../../lib/pdf/arquivo';
import type { Envio } from '../../core/solicitacoes/pedido';
import { exigirVinculoAtivo, type SolicitacoesService } from '../../core/solicitacoes/solicitacoes';
import type { Membro } from '../../core/sessao/membro';
import { gerarComprovanteCancelamento } from './pdf';
import { type BeneficiarioContratoRow, type CancelamentoRepository, concluido } from './repository';
import { podePedirCancelamento, resolverSelecao, type Selecao } from './regras';

/** An acknowledgement is good for a code send within this time. */
export const CIENCIA_VALIDADE_MS = 30 * 60_000;

export function hashDaSelecao(abrangencia: AbrangenciaCancelamento, codigos: readonly string[]): string {
  return sha256(`${abrangencia}:${[...codigos].sort().join(',')}`);
}

/** What the service needs, built once in services.ts (decision 0007). */
export interface CancelamentoDeps {
  repo: CancelamentoRepository;
  /**
   * The database for the acknowledgement's transaction and the active-link check before a send
   * (exigirVinculoAtivo); the service itself runs no SQL.
   */
  db: Db;
  solicitacoes: SolicitacoesService;
  /** The SMS code of the 'cancelamento' flow. */
  confirmacao: ConfirmacaoPorSms;
  audit: AuditRepository;
  operadora: Operadora;
  clock: Clock;
}

/**
 * Online cancellation by the holder (RN 561/2022; decision 0018): the options and consequences,
 * the acknowledgement, the SMS code (the add-on contracting's rules, CodigoSms) and the
 * confirmation that ends the coverage at once, with its protocol, audit row, e-mail and SMS.
 */
export class CancelamentoService {
  constructor(private readonly d: CancelamentoDeps) {}

  /** 403 for anyone but the holder who is the contract's financial responsible. */
  private exigirTitular(membro: Membro): void {
    if (!podePedirCancelamento(membro)) throw new AppError(403, 'ACESSO_RESTRITO', SO_TITULAR_CANCELA);
  }

  /** Cancelamento/Opcoes: who may be cancelled, open installments, the texts, past cancellations. */
  async opcoes(membro: Membro): Promise<OpcoesCancelamento> {
    this.exigirTitular(membro);
    const [contrato, beneficiarios, parcelas, celular, fim, cancelamentos] = await Promise.all([
      this.d.repo.contrato(membro),
      this.d.repo.beneficiarios(membro),
      this.d.repo.parcelasEmAberto(membro),
      this.d.confirmacao.celular(membro.cpf),
      this.d.repo.fimDaCobertura(membro),
      this.d.repo.cancelamentos(membro),
    ]);
    return {
      codigoContrato: membro.codigoContrato,
      plano: contrato?.plano ?? '',
      beneficiarios: beneficiarios
        .filter((b) => b.ativo)
        .map(({ codigoBeneficiario, nome, tipo, parentesco }) => ({ codigoBeneficiario, nome, tipo, parentesco })),
      parcelasEmAberto: parcelas,
      consequencias: {
        versao: CONSEQUENCIAS_VERSAO,
        CONTRATO: consequenciasCancelamento('CONTRATO'),
        DEPENDENTES: consequenciasCancelamento('DEPENDENTES'),
      },
      celular: celular ? maskPhone(celular) : null,
      dataCancelamento: fim,
      cancelamentos: cancelamentos.map(concluido),
    };
  }

  private async selecao(
    repo: CancelamentoRepository,
    membro: Membro,
    abrangencia: AbrangenciaCancelamento,
    codigos: string[] | undefined,
  ): Promise<{ alvo: BeneficiarioContratoRow[]; hash: string }> {
    const alvo = resolverSelecao(await repo.beneficiarios(membro), { abrangencia, codigos } satisfies Selecao);
    return {
      alvo,
      hash: hashDaSelecao(
        abrangencia,
        alvo.map((b) => b.codigoBeneficiario),
      ),
    };
  }

  /** Cancelamento/RegistrarCiencia: 'Li e estou ciente das consequências' for this selection. */
  async registrarCiencia(
    membro: Membro,
    p: {
      abrangencia: AbrangenciaCancelamento;
      codigoMatriculasBeneficiariosAlvo?: string[] | undefined;
      versaoConsequencias: string;
    },
    origin: Origin,
  ) {
    this.exigirTitular(membro);
    await exigirVinculoAtivo(this.d.db, membro);
    if (p.versaoConsequencias !== CONSEQUENCIAS_VERSAO)
      throw new AppError(
        422,
        'TERMO_NAO_ACEITO',
        'O texto das consequências mudou. Leia a versão atual antes de continuar.',
      );
    const { alvo, hash } = await this.selecao(this.d.repo, membro, p.abrangencia, p.codigoMatriculasBeneficiariosAlvo);
    const codigos = alvo.map((b) => b.codigoBeneficiario).sort();
    const texto = consequenciasCancelamento(p.abrangencia);
    await this.d.db.transaction(async (tx) => {
      await this.d.repo.com(tx).inserirCiencia({
        membro,
        abrangencia: p.abrangencia,
        beneficiarios: codigos,
        selecaoHash: hash,
        textoVersao: CONSEQUENCIAS_VERSAO,
        textoHash: sha256(texto.join('\n')),
        at: new Date(this.d.clock.now()),
        ip: origin.ip,
        userAgent: origin.userAgent,
      });
      await this.d.audit.com(tx).write('cancelamento_ciencia', membro.cpf, origin, {
        abrangencia: p.abrangencia,
        beneficiarios: codigos,
        versao: CONSEQUENCIAS_VERSAO,
      });
    });
    return { sucesso: true as const, mensagem: 'Ciência das consequências registrada.' };
  }

  /** What a code binds to: the session and the acknowledged selection. */
  private contexto(membro: Membro, selecaoHash: string): string {
    return `cancelamento:${membro.codigoSessao}:${selecaoHash}`;
  }

  /** Cancelamento/EnviarSms: a code for the session's acknowledged selection, to the mobile on file. */
  async enviarSms(membro: Membro, origin: Origin) {
    this.exigirTitular(membro);
    await exigirVinculoAtivo(this.d.db, membro);
    const agora = new Date(this.d.clock.now());
    const ciencia = await this.d.repo.ultimaCiencia(membro, new Date(agora.getTime() - CIENCIA_VALIDADE_MS));
    if (!ciencia)
      throw new AppError(
        422,
        'TERMO_NAO_ACEITO',
        'Confirme que leu e está ciente das consequências antes de pedir o código.',
      );
    const oque = ciencia.abrangencia === 'CONTRATO' ? 'o cancelamento do plano' : 'a exclusão de dependentes';
    const operadora = this.d.operadora.nome;
    return this.d.confirmacao.enviar({
      membro,
      origin,
      origemId: ciencia.id,
      escopo: null,
      contexto: this.contexto(membro, ciencia.selecao_hash),
      intervalo: `${membro.codigoSessao}:${ciencia.selecao_hash}`,
      auditoria: { evento: 'codigo_cancelamento_enviado', detalhe: { abrangencia: ciencia.abrangencia } },
      texto: (codigo) =>
        `${operadora}: seu código para confirmar ${oque} é ${codigo}. Ele vale por 10 minutos. Se não foi você, ignore esta mensagem e não compartilhe o código.`,
    });
  }

  /**
   * Cancelamento/Confirmar: the code (a wrong one spends a try, kept), the same selection as the
   * acknowledgement, then in one transaction: coverage ended today (São Paulo), the contract
   * cancelled when it is the whole contract, protocol concluded at once, audit, e-mail and SMS.
   */
  async confirmar(
    membro: Membro,
    pedido: {
      abrangencia: AbrangenciaCancelamento;
      codigoMatriculasBeneficiariosAlvo?: string[] | undefined;
      codigoToken: string;
    },
    envio: Envio,
  ): Promise<{ sucesso: true; dados: CancelamentoConcluido }> {
    this.exigirTitular(membro);
    await this.d.confirmacao.limitarVerificacao(envio.origin.ip);
    return this.d.solicitacoes.registrar({
      membro,
      ...envio,
      executar: async (ctx) => {
        const repo = this.d.repo.com(ctx.tx);
        const row = await this.d.confirmacao.aberto(ctx.tx, membro, null, ctx.agora);
        const ciencia = await repo.ciencia(membro, row.origemId);
        if (!ciencia) throw new AppError(422, 'CODIGO_NAO_CONFIRMADO', 'Solicite um novo código.');
        const { alvo, hash } = await this.selecao(
          repo,
          membro,
          pedido.abrangencia,
          pedido.codigoMatriculasBeneficiariosAlvo,
        );
        if (hash !== ciencia.selecao_hash)
          throw new AppError(
            422,
            'CODIGO_NAO_CONFIRMADO',
            'A escolha mudou depois do envio do código. Revise a escolha e solicite um novo código.',
          );
        await this.d.confirmacao.conferir(ctx.tx, row, {
          contexto: this.contexto(membro, ciencia.selecao_hash),
          digitado: pedido.codigoToken,
          agora: ctx.agora,
          aoFalhar: (tentativas) => ctx.auditar('codigo_cancelamento_falha', { tentativas }),
        });

        const contrato = pedido.abrangencia === 'CONTRATO';
        const cancelados = await repo.cancelar(
          membro,
          alvo.map((b) => b.codigoBeneficiario),
          ctx.hoje,
          contrato,
        );
        if (cancelados.length !== alvo.length)
          throw new AppError(409, 'JA_REGISTRADO', 'Um dos beneficiários escolhidos já teve o plano cancelado.');
        const beneficiarios = alvo.map((b) => ({ codigoBeneficiario: b.codigoBeneficiario, nome: b.nome }));
        const nomes = beneficiarios.map((b) => b.nome).join(', ');
        const assunto = contrato
          ? `Cancelamento do contrato ${membro.codigoContrato} (${beneficiarios.length} beneficiário(s): ${nomes})`
          : `Exclusão de dependente(s) do contrato ${membro.codigoContrato}: ${nomes}`;
        const protocolo = await ctx.abrirProtocolo({
          tipo: contrato ? 'CANCELAMENTO_CONTRATO' : 'CANCELAMENTO_DEPENDENTES',
          assunto,
          situacao: 'CONCLUIDO',
          resposta: `${contrato ? 'Contrato cancelado' : 'Dependente(s) excluído(s)'} a partir de ${formatDate(ctx.hoje)}, data do pedido (RN 561/2022).`,
          codigoBeneficiario: alvo.length === 1 ? alvo[0]!.codigoBeneficiario : null,
        });
        await repo.inserirCancelamento({
          protocolo: protocolo.numero,
          membro,
          abrangencia: pedido.abrangencia,
          cienciaId: ciencia.id,
          beneficiarios,
          consequencias: consequenciasCancelamento(pedido.abrangencia),
          at: ctx.agora,
          dia: ctx.hoje,
        });
        await ctx.auditar('cancelamento_efetivado', {
          protocolo: protocolo.numero,
          abrangencia: pedido.abrangencia,
          beneficiarios: beneficiarios.map((b) => b.codigoBeneficiario),
        });
        const quando = formatDateTime(ctx.agora.toISOString());
        await ctx.avisarMembro(
          `comprovante de cancelamento, protocolo ${protocolo.numero}`,
          `recebemos e concluímos o seu pedido de ${contrato ? 'cancelamento do plano' : 'exclusão de dependente(s)'}.\n` +
            `Comprovante de cancelamento\n` +
            `Protocolo: ${protocolo.numero}\n` +
            `Contrato: ${membro.codigoContrato}\n` +
            `Cancelado: ${contrato ? 'o contrato inteiro' : 'dependente(s)'}; beneficiário(s): ${nomes}\n` +
            `Pedido feito em: ${quando} (horário de Brasília)\n` +
            `Fim da cobertura: ${formatDate(ctx.hoje)}\n` +
            `O comprovante em PDF está no portal, em Cancelar plano. Faturas, recibos e informes de IR continuam em Financeiro.`,
        );
        await ctx.avisarPorSms(
          `${contrato ? 'seu plano foi cancelado' : 'a exclusão de dependente(s) foi concluída'} em ${formatDate(ctx.hoje)}. Protocolo ${protocolo.numero}. Se não foi você, ligue para ${this.d.operadora.centralAtendimento}.`,
        );
        return {
          sucesso: true as const,
          dados: {
            abrangencia: pedido.abrangencia,
            solicitadoEm: ctx.agora.toISOString(),
            dataCancelamento: ctx.hoje,
            beneficiariosCancelados: beneficiarios,
            protocolo: protocolo.numero,
            prazoResposta: protocolo.prazoResposta,
          },
        };
      },
    });
  }

  /** Cancelamento/Comprovante: the proof of one cancellation of the member's contract. */
  async comprovante(membro: Membro, protocolo: string): Promise<Arquivo> {
    this.exigirTitular(membro);
    const [c] = await this.d.repo.cancelamentos(membro, protocolo);
    if (!c) throw new AppError(404, 'NAO_ENCONTRADO', 'Comprovante não encontrado para este contrato.');
    const contrato = await this.d.repo.contrato(membro);
    const pdf = await gerarComprovanteCancelamento({
      operadora: this.d.operadora,
      emitidoEm: new Date(this.d.clock.now()),
      codigoContrato: membro.codigoContrato,
      plano: contrato?.plano ?? '',
      cancelamento: c,
    });
    return { pdf, nome: `comprovante-cancelamento-${c.protocolo}.pdf` };
  }
}
