import {
  diaEmSaoPaulo,
  formatBRL,
  formatCpf,
  formatDate,
  isValidCpf,
  isValidEmail,
  isValidMobile,
  onlyDigits,
  somarDias,
} from '@portal/br';
import {
  type DadosPagamento,
  dadosPagamentoSchema,
  documentosAceitosNaResposta,
  formatarNumeroProtocolo,
  LIMITES_REEMBOLSO,
  type ListarReembolsosResponse,
  type PreviaReembolsoResponse,
  ROTULOS_DOCUMENTO_REEMBOLSO,
  ROTULOS_TIPO_REEMBOLSO,
  type ReembolsoDetalhe,
  type SolicitarReembolsoResponse,
  TIPOS_COM_PEDIDO_MEDICO,
  type TipoReembolso,
  type UltimoPagamentoResponse,
  type VerificarReciboResponse,
} from '@portal/contract';
import { AppError, dadosInvalidos } from '../../lib/app-error';
import type { Arquivo } from '../../lib/pdf/arquivo';
import { beneficiarioNaoEncontrado } from '../../lib/nao-encontrado';
import type { Membro } from '../../core/sessao/membro';
import type { Envio } from '../../core/solicitacoes/pedido';
import { exigirVinculoAtivo } from '../../core/solicitacoes/solicitacoes';
import { centavos, iso, naoEncontrado, ReembolsoBase, reais, regra, resumo } from './comum';
import { calcularPrevia, estimativaEmPalavras } from './estimativa';
import { gerarDemonstrativo } from './pdf';
import { type ChaveDoRecibo } from './recibo';
import type { AnexoRow, ReembolsoRepository } from './repository';

export interface PedidoReembolso {
  cpfBeneficiario: string;
  tipo: TipoReembolso;
  codigoTuss?: string;
  dataAtendimento: string;
  prestador: {
    documento: string;
    nome: string;
    conselho?: string;
    numeroConselho?: string;
    ufConselho?: string;
  };
  valorPago: number;
  numeroRecibo: string;
  anexos: string[];
  pagamento: DadosPagamento;
  /** The member confirmed that a receipt their contract already sent is another care (decision 0056). */
  confirmarReciboRepetido?: boolean;
}

/**
 * The member's side of Reembolso (service.ts delegates to it): the estimate, the request (an RN 623
 * protocol through SolicitacoesService), the receipt already sent, the last payment data, list,
 * detail, the demonstrativo and the answer to a 'pendente'.
 */
export class ReembolsoDoMembro extends ReembolsoBase {
  // --- Estimate ----------------------------------------------------------------------------------

  async previa(
    membro: Membro,
    p: { tipo: TipoReembolso; codigoTuss?: string; valorPago: number },
  ): Promise<PreviaReembolsoResponse> {
    const linha = await this.repo.linhaDaTabela(p.tipo, p.codigoTuss);
    if (!linha) {
      throw new AppError(
        404,
        'NAO_ENCONTRADO',
        'Não há valor de referência para este atendimento na tabela de reembolso. Você ainda pode enviar o pedido; a operadora calcula o valor na análise.',
      );
    }
    const c = calcularPrevia(linha, await this.repo.plano(membro), centavos(p.valorPago));
    return {
      estimativa: true,
      ...estimativaEmPalavras(c),
      mensagem:
        `Estimativa de ${formatBRL(reais(c.estimadoCentavos))}: é uma prévia pela tabela de reembolso do seu plano, ` +
        'não uma garantia. O valor final é definido na análise dos documentos.',
    };
  }

  // --- New request -------------------------------------------------------------------------------

  async solicitar(membro: Membro, p: PedidoReembolso, envio: Envio): Promise<SolicitarReembolsoResponse> {
    // A cancelled plan says so first (its beneficiaries are no longer active, which would read as not found).
    await exigirVinculoAtivo(this.d.db, membro);
    const b = await this.repo.beneficiarioPorCpf(membro, p.cpfBeneficiario);
    if (!b) throw beneficiarioNaoEncontrado();
    const hoje = diaEmSaoPaulo(this.d.clock.now());
    if (p.dataAtendimento > hoje) throw regra('A data do atendimento não pode estar no futuro.');
    if (p.dataAtendimento < somarDias(hoje, -LIMITES_REEMBOLSO.diasMaximosAtendimento)) {
      throw regra(
        `O reembolso pode ser pedido até ${LIMITES_REEMBOLSO.diasMaximosAtendimento} dias após o atendimento. ` +
          'Para atendimentos mais antigos, fale com a Central de Atendimento.',
      );
    }
    const pagamento = validarPagamento(p.pagamento, b);
    const conselho = p.prestador.conselho
      ? `${p.prestador.conselho} ${p.prestador.numeroConselho}/${p.prestador.ufConselho}`
      : null;
    const valorPago = centavos(p.valorPago);
    const linha = await this.repo.linhaDaTabela(p.tipo, p.codigoTuss);
    const previa = linha ? calcularPrevia(linha, await this.repo.plano(membro), valorPago) : null;

    return this.d.solicitacoes.registrar({
      membro,
      ...envio,
      executar: async (ctx) => {
        const repo = this.repo.com(ctx.tx);
        const anexos = await this.anexosUsaveis(repo, membro, p.anexos);
        const documentos = new Set(anexos.map((a) => a.documento));
        if (!documentos.has('comprovante_pagamento')) {
          throw regra('Anexe o comprovante de pagamento (recibo ou nota fiscal com a quitação).');
        }
        if (TIPOS_COM_PEDIDO_MEDICO.includes(p.tipo) && !documentos.has('pedido_medico')) {
          throw regra(`Para ${ROTULOS_TIPO_REEMBOLSO[p.tipo].toLowerCase()}, anexe também o pedido médico.`);
        }
        // The same receipt sent before by the contract: told, and sent only when the member confirms.
        const repetidos = await repo.mesmoReciboDoMembro(membro, {
          prestadorDocumento: p.prestador.documento,
          numeroRecibo: p.numeroRecibo,
          dataAtendimento: p.dataAtendimento,
        });
        if (repetidos.length > 0 && !p.confirmarReciboRepetido) {
          throw new AppError(409, 'RECIBO_REPETIDO', mensagemDoReciboRepetido(repetidos));
        }
        const protocolo = await ctx.abrirProtocolo({
          tipo: 'REEMBOLSO',
          assunto: `Reembolso de ${ROTULOS_TIPO_REEMBOLSO[p.tipo].toLowerCase()} de ${b.nome} (${formatBRL(reais(valorPago))})`,
          situacao: 'ABERTO',
          codigoBeneficiario: b.codigoBeneficiario,
        });
        // Every document the law asks for arrived with the request: the 30 days start now.
        const prazoPagamento = protocolo.prazoResposta;
        await repo.inserir({
          protocolo: protocolo.numero,
          membro,
          codigoBeneficiario: b.codigoBeneficiario,
          tipo: p.tipo,
          codigoTuss: p.codigoTuss ?? null,
          dataAtendimento: p.dataAtendimento,
          prestadorDocumento: p.prestador.documento,
          prestadorNome: p.prestador.nome,
          conselho,
          valorPagoCentavos: valorPago,
          numeroRecibo: p.numeroRecibo,
          pagamento,
          previa,
          prazoPagamento,
          reciboRepetidoConfirmado: repetidos.length > 0,
          em: ctx.agora,
        });
        await repo.vincularAnexos(p.anexos, protocolo.numero);
        await repo.registrarEvento(
          protocolo.numero,
          ctx.agora,
          'recebido',
          'Pedido de reembolso recebido pelo portal.',
          'membro',
        );
        await ctx.avisarMembro(
          `pedido de reembolso, protocolo ${protocolo.numero}`,
          `recebemos o pedido de reembolso de ${b.nome} (${formatBRL(reais(valorPago))}). ` +
            `O prazo para pagamento é ${formatDate(prazoPagamento)}. Protocolo ${protocolo.numero}.`,
        );
        return {
          sucesso: true as const,
          mensagem: `Pedido de reembolso enviado. Protocolo ${protocolo.numero}.`,
          protocolo: protocolo.numero,
          prazoResposta: protocolo.prazoResposta,
          prazoPagamento,
        };
      },
    });
  }

  /**
   * Whether the member's contract already sent this receipt (issue 31, decision 0056): asked by the
   * form before sending. Only the requests the member may see count; another member's never show.
   */
  async verificarRecibo(membro: Membro, recibo: ChaveDoRecibo): Promise<VerificarReciboResponse> {
    const pedidos = await this.repo.mesmoReciboDoMembro(membro, recibo);
    return {
      repetido: pedidos.length > 0,
      mensagem: pedidos.length > 0 ? mensagemDoReciboRepetido(pedidos) : null,
      pedidos: pedidos.map((x) => ({ protocolo: x.protocolo, criadoEm: iso(x.criadoEm) })),
    };
  }

  /**
   * What 'Dados para pagamento' starts with (issue 31): the member's last request's payment data
   * (their own, this contract's) and, for the holder, their own CPF as a PIX key. The browser keeps
   * none of it (shared phones).
   */
  async ultimoPagamento(membro: Membro): Promise<UltimoPagamentoResponse> {
    const ultimo = await this.repo.ultimoPagamentoDoMembro(membro);
    const pagamento = ultimo ? dadosPagamentoSchema.safeParse(ultimo.pagamento) : null;
    return {
      pagamento: pagamento?.success ? pagamento.data : null,
      usadoEm: pagamento?.success && ultimo ? diaEmSaoPaulo(new Date(ultimo.criadoEm).getTime()) : null,
      cpfTitular: membro.titular ? membro.cpf : null,
    };
  }

  /** The member's own attachments, not yet in a request; another member's read as not found. */
  private async anexosUsaveis(repo: ReembolsoRepository, membro: Membro, ids: string[]): Promise<AnexoRow[]> {
    const anexos = await repo.anexosParaUsar(membro, ids);
    if (anexos.length !== ids.length) {
      throw new AppError(404, 'NAO_ENCONTRADO', 'Anexo não encontrado. Envie o arquivo de novo.');
    }
    const usado = anexos.find((a) => a.protocolo);
    if (usado) {
      throw new AppError(
        409,
        'JA_REGISTRADO',
        `O arquivo ${usado.nomeArquivo} já faz parte do reembolso ${usado.protocolo}. Envie o arquivo de novo para outro pedido.`,
      );
    }
    return anexos;
  }

  // --- List, detail, demonstrativo ---------------------------------------------------------------

  async listar(membro: Membro): Promise<ListarReembolsosResponse> {
    return { reembolsos: (await this.repo.doMembro(membro)).map(resumo) };
  }

  async detalhe(membro: Membro, protocolo: string): Promise<ReembolsoDetalhe> {
    const r = await this.repo.doMembroPorProtocolo(membro, protocolo);
    if (!r) throw naoEncontrado();
    return this.detalhar(this.repo, r);
  }

  async demonstrativo(membro: Membro, protocolo: string): Promise<Arquivo> {
    const r = await this.repo.doMembroPorProtocolo(membro, protocolo);
    if (!r) throw naoEncontrado();
    const detalhe = await this.detalhar(this.repo, r);
    const pdf = await gerarDemonstrativo({
      operadora: this.d.operadora,
      emitidoEm: this.agora(),
      reembolso: r,
      detalhe,
    });
    return { pdf, nome: `demonstrativo-reembolso-${r.protocolo}.pdf` };
  }

  // --- The member answers a 'pendente' ------------------------------------------------------------

  async responderPendencia(
    membro: Membro,
    p: { protocolo: string; anexos: string[]; mensagem?: string },
    envio: Envio,
  ): Promise<{ sucesso: true; mensagem: string; prazoPagamento: string }> {
    return this.d.solicitacoes.registrar({
      membro,
      ...envio,
      executar: async (ctx) => {
        const repo = this.repo.com(ctx.tx);
        const r = await repo.doMembroPorProtocolo(membro, p.protocolo, { bloquear: true });
        if (!r) throw naoEncontrado();
        if (r.situacao !== 'pendente') {
          throw new AppError(409, 'JA_REGISTRADO', 'Este reembolso não está aguardando documentos.');
        }
        const anexos = await this.anexosUsaveis(repo, membro, p.anexos);
        // Decision 0065: the documents ticked in the request (or 'outro'); any kind after a free-text one.
        const aceitos = documentosAceitosNaResposta(r.documentosPedidos);
        const fora = aceitos && anexos.find((a) => !aceitos.includes(a.documento));
        if (fora) {
          throw dadosInvalidos(
            `O arquivo ${fora.nomeArquivo} foi enviado como "${ROTULOS_DOCUMENTO_REEMBOLSO[fora.documento]}", ` +
              `que não foi pedido. A operadora pediu: ${r.documentosPedidos.map((d) => ROTULOS_DOCUMENTO_REEMBOLSO[d]).join(', ')}. ` +
              'Escolha um desses documentos (ou "Outro documento") e envie o arquivo de novo.',
          );
        }
        await repo.vincularAnexos(p.anexos, r.protocolo);
        // Lei 9.656 art. 12 VI: the 30 days count again from the day the documentation is complete.
        const prazoPagamento = somarDias(ctx.hoje, LIMITES_REEMBOLSO.diasParaPagamento);
        await repo.atualizar(r.protocolo, ctx.agora, {
          situacao: 'em_analise',
          pergunta: null,
          documentosPedidos: [],
          documentacaoCompletaEm: ctx.agora,
          prazoPagamento,
        });
        const texto = p.mensagem
          ? `Documentos enviados pelo beneficiário: ${p.mensagem}`
          : 'Documentos enviados pelo beneficiário.';
        await repo.registrarEvento(r.protocolo, ctx.agora, 'em_analise', texto, 'membro');
        await this.mudouProtocolo(ctx.tx, r, 'em_analise', ctx.agora, prazoPagamento, texto);
        await this.evento(ctx.tx, r, 'em_analise', prazoPagamento);
        await ctx.avisarMembro(
          `documentos do reembolso ${r.protocolo} recebidos`,
          `recebemos os documentos do reembolso ${r.protocolo}. O novo prazo para pagamento é ${formatDate(prazoPagamento)}.`,
        );
        return {
          sucesso: true as const,
          mensagem: `Documentos enviados. O novo prazo para pagamento é ${formatDate(prazoPagamento)}.`,
          prazoPagamento,
        };
      },
    });
  }
}

/** What the member reads when their contract already sent the receipt (the form and the 409 alike). */
function mensagemDoReciboRepetido(pedidos: { protocolo: string; criadoEm: string }[]): string {
  const um = (x: { protocolo: string; criadoEm: string }) =>
    `${formatarNumeroProtocolo(x.protocolo)} (${formatDate(diaEmSaoPaulo(Date.parse(iso(x.criadoEm))))})`;
  const lista = pedidos.map(um);
  const onde =
    lista.length === 1
      ? `no pedido de reembolso ${lista[0]}`
      : `nos pedidos de reembolso ${lista.slice(0, -1).join(', ')} e ${lista.at(-1)}`;
  return `Este recibo já foi enviado ${onde}. Envie de novo só se for outro atendimento.`;
}

/**
 * The holder is paid: a CPF key must be the holder's own; the other keys are checked for their
 * shape (the bank checks the owner when it pays).
 */
function validarPagamento(p: DadosPagamento, b: { cpfTitular: string; nomeTitular: string }): Record<string, string> {
  if (p.forma === 'conta') {
    return { forma: 'conta', banco: p.banco, agencia: p.agencia, conta: p.conta, tipoConta: p.tipoConta };
  }
  let chave = p.chave.trim();
  switch (p.tipoChave) {
    case 'cpf':
      chave = onlyDigits(chave);
      if (!isValidCpf(chave)) throw regra('Chave PIX inválida: confira o CPF.');
      if (chave !== b.cpfTitular) {
        throw regra(
          `A chave PIX do tipo CPF deve ser o CPF do titular do contrato (${b.nomeTitular}, ${formatCpf(b.cpfTitular).replace(/^\d{3}\.(\d{3})\.(\d{3})-\d{2}$/, '***.$1.$2-**')}): o reembolso é pago ao titular.`,
        );
      }
      break;
    case 'email':
      chave = chave.toLowerCase();
      if (!isValidEmail(chave)) throw regra('Chave PIX inválida: confira o e-mail.');
      break;
    case 'celular':
      chave = onlyDigits(chave).replace(/^55(?=\d{11}$)/, '');
      if (!isValidMobile(chave)) throw regra('Chave PIX inválida: confira o celular com DDD.');
      break;
    case 'aleatoria':
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(chave)) {
        throw regra('Chave PIX aleatória inválida.');
      }
      chave = chave.toLowerCase();
      break;
  }
  return { forma: 'pix', tipoChave: p.tipoChave, chave };
}
