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
import type { CounterStore } from '../../lib/counters';
import { sha256 } from '../../lib/crypto';
import { AuditRepository, type Origin } from '../audit/repository';
import { CODIGO_VALIDADE_MS, CodigoSms, type LimitesCodigo } from '../confirmacao/codigo-sms';
import type { Arquivo } from '../../lib/pdf/arquivo';
import type { Notifier } from '../notificacoes/service';
import type { Envio } from '../solicitacoes/pedido';
import { exigirVinculoAtivo, type SolicitacoesService } from '../solicitacoes/solicitacoes';
import type { Membro } from '../sessao/membro';
import { gerarComprovanteCancelamento } from './pdf';
import { type BeneficiarioContratoRow, CancelamentoRepository, concluido } from './repository';
import { podePedirCancelamento, resolverSelecao, type Selecao } from './regras';

/** An acknowledgement is good for a code send within this time. */
export const CIENCIA_VALIDADE_MS = 30 * 60_000;

export function hashDaSelecao(abrangencia: AbrangenciaCancelamento, codigos: readonly string[]): string {
  return sha256(`${abrangencia}:${[...codigos].sort().join(',')}`);
}

/**
 * Online cancellation by the holder (RN 561/2022; decision 0018): the options and consequences,
 * the acknowledgement, the SMS code (the add-on contracting's rules, CodigoSms) and the
 * confirmation that ends the coverage at once, with its protocol, audit row, e-mail and SMS.
 */
export class CancelamentoService {
  private readonly repo: CancelamentoRepository;
  private readonly codigos: CodigoSms;

  constructor(
    private readonly db: Db,
    private readonly solicitacoes: SolicitacoesService,
    private readonly notifier: Notifier,
    counters: CounterStore,
    limites: LimitesCodigo,
    private readonly operadora: Operadora,
    secret: string,
    private readonly clock: Clock,
  ) {
    this.repo = new CancelamentoRepository(db);
    this.codigos = new CodigoSms('cancelamento', secret, counters, limites, clock);
  }

  /** 403 for anyone but the holder who is the contract's financial responsible. */
  private exigirTitular(membro: Membro): void {
    if (!podePedirCancelamento(membro)) throw new AppError(403, 'ACESSO_RESTRITO', SO_TITULAR_CANCELA);
  }

  /** Cancelamento/Opcoes: who may be cancelled, open installments, the texts, past cancellations. */
  async opcoes(membro: Membro): Promise<OpcoesCancelamento> {
    this.exigirTitular(membro);
    const [contrato, beneficiarios, parcelas, celular, fim, cancelamentos] = await Promise.all([
      this.repo.contrato(membro),
      this.repo.beneficiarios(membro),
      this.repo.parcelasEmAberto(membro),
      this.repo.celular(membro.cpf),
      this.repo.fimDaCobertura(membro),
      this.repo.cancelamentos(membro),
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
    await exigirVinculoAtivo(this.db, membro);
    if (p.versaoConsequencias !== CONSEQUENCIAS_VERSAO)
      throw new AppError(
        422,
        'TERMO_NAO_ACEITO',
        'O texto das consequências mudou. Leia a versão atual antes de continuar.',
      );
    const { alvo, hash } = await this.selecao(this.repo, membro, p.abrangencia, p.codigoMatriculasBeneficiariosAlvo);
    const codigos = alvo.map((b) => b.codigoBeneficiario).sort();
    const texto = consequenciasCancelamento(p.abrangencia);
    await this.db.transaction(async (tx) => {
      await new CancelamentoRepository(tx).inserirCiencia({
        membro,
        abrangencia: p.abrangencia,
        beneficiarios: codigos,
        selecaoHash: hash,
        textoVersao: CONSEQUENCIAS_VERSAO,
        textoHash: sha256(texto.join('\n')),
        at: new Date(this.clock.now()),
        ip: origin.ip,
        userAgent: origin.userAgent,
      });
      await new AuditRepository(tx, this.clock).write('cancelamento_ciencia', membro.cpf, origin, {
        abrangencia: p.abrangencia,
        beneficiarios: codigos,
        versao: CONSEQUENCIAS_VERSAO,
      });
    });
    return { sucesso: true as const, mensagem: 'Ciência das consequências registrada.' };
  }

  private digest(membro: Membro, selecaoHash: string, codigo: string): string {
    return this.codigos.digest(`cancelamento:${membro.codigoSessao}:${selecaoHash}`, codigo);
  }

  /** Cancelamento/EnviarSms: a code for the session's acknowledged selection, to the mobile on file. */
  async enviarSms(membro: Membro, origin: Origin) {
    this.exigirTitular(membro);
    await exigirVinculoAtivo(this.db, membro);
    const agora = new Date(this.clock.now());
    const ciencia = await this.repo.ultimaCiencia(membro, new Date(agora.getTime() - CIENCIA_VALIDADE_MS));
    if (!ciencia)
      throw new AppError(
        422,
        'TERMO_NAO_ACEITO',
        'Confirme que leu e está ciente das consequências antes de pedir o código.',
      );
    const celular = await this.repo.celular(membro.cpf);
    if (!celular)
      throw new AppError(
        422,
        'CONTATO_INDISPONIVEL',
        'Não há celular cadastrado para receber o código. Atualize seus dados junto à operadora.',
      );
    await this.codigos.limitarEnvio(`${membro.codigoSessao}:${ciencia.selecao_hash}`, membro.cpf, origin.ip);
    const codigo = this.codigos.gerar();
    const entrega = await this.db.transaction(async (tx) => {
      const repo = new CancelamentoRepository(tx);
      await repo.invalidarCodigos(membro, agora);
      await repo.inserirCodigo({
        cienciaId: ciencia.id,
        membro,
        destino: celular,
        codigoHmac: this.digest(membro, ciencia.selecao_hash, codigo),
        at: agora,
        expiraEm: new Date(agora.getTime() + CODIGO_VALIDADE_MS),
      });
      await new AuditRepository(tx, this.clock).write('codigo_cancelamento_enviado', membro.cpf, origin, {
        abrangencia: ciencia.abrangencia,
      });
      const oque = ciencia.abrangencia === 'CONTRATO' ? 'o cancelamento do plano' : 'a exclusão de dependentes';
      return this.notifier.registrar(tx, {
        canal: 'sms',
        destino: celular,
        assunto: `${this.operadora.nome}: código de confirmação`,
        texto: `${this.operadora.nome}: seu código para confirmar ${oque} é ${codigo}. Ele vale por 10 minutos. Se não foi você, ignore esta mensagem e não compartilhe o código.`,
        codigo,
      });
    });
    this.notifier.entregar([entrega]);
    const destino = maskPhone(celular);
    return { sucesso: true as const, mensagem: `Código enviado para ${destino}.`, destino };
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
    await this.codigos.limitarVerificacao(envio.origin.ip);
    return this.solicitacoes.registrar({
      membro,
      ...envio,
      executar: async (ctx) => {
        const repo = new CancelamentoRepository(ctx.tx);
        const row = this.codigos.exigirAberto(await repo.codigoAbertoParaConfirmar(membro), ctx.agora);
        const ciencia = await repo.ciencia(membro, row.ciencia_id);
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
        await this.codigos.conferir(
          row,
          this.digest(membro, ciencia.selecao_hash, pedido.codigoToken),
          repo,
          ctx.agora,
          (tentativas) => ctx.auditar('codigo_cancelamento_falha', { tentativas }),
        );

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
          `${contrato ? 'seu plano foi cancelado' : 'a exclusão de dependente(s) foi concluída'} em ${formatDate(ctx.hoje)}. Protocolo ${protocolo.numero}. Se não foi você, ligue para ${this.operadora.centralAtendimento}.`,
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
    const [c] = await this.repo.cancelamentos(membro, protocolo);
    if (!c) throw new AppError(404, 'NAO_ENCONTRADO', 'Comprovante não encontrado para este contrato.');
    const contrato = await this.repo.contrato(membro);
    const pdf = await gerarComprovanteCancelamento({
      operadora: this.operadora,
      emitidoEm: new Date(this.clock.now()),
      codigoContrato: membro.codigoContrato,
      plano: contrato?.plano ?? '',
      cancelamento: c,
    });
    return { pdf, nome: `comprovante-cancelamento-${c.protocolo}.pdf` };
  }
}
