import {
  competenciaTexto,
  diaEmSaoPaulo,
  formatBRL,
  formatDate,
  type Mes,
  mesDe,
  pixCopiaECola,
  primeiroDia,
  somarMeses,
} from '@portal/br';
import {
  type CodigoBarrasResponse,
  type CompetenciaCoParticipacao,
  type ListarExtratoIrpfResponse,
  type Operadora,
  type Parcela,
  type PixResponse,
  STATUS_PARCELA,
} from '@portal/contract';
import { isPerfilFinanceiro, MENSAGEM_SEM_COPARTICIPACAO } from '@portal/contract/perfis';
import type { Clock } from '../../clock';
import { AppError } from '../../lib/app-error';
import type { Membro } from '../../core/sessao/membro';
import { type Cobranca, cobrancaDe, situacaoAtraso } from './atraso';
import { reais } from './reais';
import { digitosBoleto, gerarBoleto } from './pdf/boleto';
import { gerarDeclaracaoQuitacao } from './pdf/declaracao-quitacao';
import { gerarExtratoCoParticipacao } from './pdf/extrato-coparticipacao';
import { type BeneficiarioIrpf, gerarInformeIrpf, type ReembolsoIrpf } from './pdf/informe-irpf';
import { qrSvg } from './pdf/graficos';
import { gerarRecibo } from './pdf/recibo';
import type { Arquivo } from '../../lib/pdf/arquivo';
import type { FinanceiroRepository, MensalidadeRow } from './repository';

/** The updated amount as the JSON answers carry it (reais, no centavos twice). */
function atualizacaoPublica(c: Cobranca) {
  if (!c.atualizacao) return null;
  const { multaCentavos: _m, jurosCentavos: _j, ...publica } = c.atualizacao;
  return publica;
}

/** docs/produto/financeiro.md "Limits": the installment list covers the last 12 months. */
const MESES_DA_LISTA = 12;

export const MENSAGEM_SO_FINANCEIRO =
  'Apenas o responsável financeiro do contrato pode ver faturas, boletos, recibos e declarações.';
export const MENSAGEM_IRPF_SO_FINANCEIRO = 'O informe de IRPF é emitido para o responsável financeiro do contrato.';

const mensalidadeNaoEncontrada = () =>
  new AppError(404, 'NAO_ENCONTRADO', 'Mensalidade não encontrada neste contrato.');

const competenciaDe = (m: Pick<MensalidadeRow, 'competencia'>) => competenciaTexto(mesDe(m.competencia));
const arquivoDe = (prefixo: string, m: Mes, contrato: string) =>
  `${prefixo}-${m.ano}-${String(m.mes).padStart(2, '0')}-contrato-${contrato}.pdf`;

/**
 * The finance rules of docs/produto/financeiro.md "Who may use it", on the server: financial profiles get the installments and every
 * document about them; co-participative profiles the co-participation statements (a dependant only
 * their own lines); everything is read through the member, so another contract's codes are 404.
 */
export class FinanceiroService {
  constructor(
    private readonly repo: FinanceiroRepository,
    private readonly operadora: Operadora,
    private readonly clock: Clock,
  ) {}

  private exigirFinanceiro(membro: Membro, mensagem = MENSAGEM_SO_FINANCEIRO): void {
    if (!isPerfilFinanceiro(membro.tipoPerfil)) throw new AppError(403, 'SEM_PERMISSAO', mensagem);
  }

  private exigirCoparticipativo(membro: Membro): void {
    if (!membro.coparticipativo) throw new AppError(403, 'SEM_PERMISSAO', MENSAGEM_SEM_COPARTICIPACAO);
  }

  private agora(): Date {
    return new Date(this.clock.now());
  }

  private hoje(): string {
    return diaEmSaoPaulo(this.clock.now());
  }

  /** What an open installment's boleto and PIX charge today (updated when overdue, decision 0021). */
  private cobranca(m: MensalidadeRow): Cobranca {
    return cobrancaDe(m, this.hoje(), this.operadora.atraso);
  }

  private mesAtual(): Mes {
    return mesDe(diaEmSaoPaulo(this.clock.now()));
  }

  private async mensalidade(membro: Membro, codigo: string): Promise<MensalidadeRow> {
    const m = await this.repo.mensalidade(membro, codigo);
    if (!m) throw mensalidadeNaoEncontrada();
    return m;
  }

  /** An open installment (boleto, barcode, PIX); a paid one has a receipt instead. */
  private async mensalidadeEmAberto(membro: Membro, codigo: string): Promise<MensalidadeRow> {
    this.exigirFinanceiro(membro);
    const m = await this.mensalidade(membro, codigo);
    if (m.pagoEm) {
      throw new AppError(
        422,
        'DOCUMENTO_INDISPONIVEL',
        `A mensalidade de ${competenciaDe(m)} já foi paga em ${formatDate(m.pagoEm)}: use "Ver Recibo".`,
      );
    }
    return m;
  }

  async listarParcelas(membro: Membro): Promise<Parcela[]> {
    this.exigirFinanceiro(membro);
    const desde = primeiroDia(somarMeses(this.mesAtual(), -(MESES_DA_LISTA - 1)));
    const rows = await this.repo.listarMensalidades(membro, desde);
    const hoje = this.hoje();
    return rows.map((m) => {
      const c = mesDe(m.competencia);
      return {
        codigoMensalidade: m.codigoMensalidade,
        valor: reais(m.valorCentavos),
        vencimento: m.vencimento,
        status: m.pagoEm ? STATUS_PARCELA.pago : STATUS_PARCELA.emAberto,
        competencia: competenciaTexto(c),
        mescompetencia: c.mes,
        anocompetencia: c.ano,
        dataPagamento: m.pagoEm,
        ...situacaoAtraso(m, hoje),
      };
    });
  }

  async codigoBarras(membro: Membro, codigo: string): Promise<CodigoBarrasResponse> {
    const m = await this.mensalidadeEmAberto(membro, codigo);
    const c = this.cobranca(m);
    const { barras, linha, linhaFormatada } = digitosBoleto({ ...m, ...c });
    return {
      codigoBarras: linha,
      linhaDigitavel: linhaFormatada,
      barras,
      valor: reais(c.valorCentavos),
      vencimento: c.vencimento,
      atualizacao: atualizacaoPublica(c),
      instrucaoAtraso: c.instrucaoAtraso,
    };
  }

  /** A static PIX for what the installment charges today; none when the operator has no key or asks for its instruction. */
  private pixDe(m: MensalidadeRow, c: Cobranca): { copiaECola: string; txid: string } | null {
    const pix = this.operadora.pix;
    if (!pix || c.instrucaoAtraso) return null;
    const txid = `MENS${m.codigoMensalidade}`.slice(0, 25);
    return {
      txid,
      copiaECola: pixCopiaECola({ ...pix, valorCentavos: c.valorCentavos, txid }),
    };
  }

  async pix(membro: Membro, codigo: string): Promise<PixResponse> {
    const m = await this.mensalidadeEmAberto(membro, codigo);
    const c = this.cobranca(m);
    if (c.instrucaoAtraso) throw new AppError(422, 'DOCUMENTO_INDISPONIVEL', c.instrucaoAtraso);
    const pix = this.pixDe(m, c);
    if (!pix) {
      throw new AppError(422, 'DOCUMENTO_INDISPONIVEL', 'O pagamento por PIX estará disponível em breve.');
    }
    return {
      ...pix,
      qrCodeSvg: qrSvg(pix.copiaECola),
      valor: reais(c.valorCentavos),
      atualizacao: atualizacaoPublica(c),
    };
  }

  async boleto(membro: Membro, codigo: string): Promise<Arquivo> {
    const m = await this.mensalidadeEmAberto(membro, codigo);
    const c = this.cobranca(m);
    const [dono, itens] = await Promise.all([this.repo.titularidade(membro), this.repo.itens(membro, codigo)]);
    const pdf = await gerarBoleto({
      operadora: this.operadora,
      emitidoEm: this.agora(),
      pagador: dono,
      codigoContrato: membro.codigoContrato,
      codigoMensalidade: m.codigoMensalidade,
      competencia: competenciaDe(m),
      vencimento: c.vencimento,
      valorCentavos: c.valorCentavos,
      atualizacao: c.atualizacao,
      instrucaoAtraso: c.instrucaoAtraso,
      banco: m.banco,
      campoLivre: m.campoLivre,
      itens,
      pixCopiaECola: this.pixDe(m, c)?.copiaECola ?? null,
    });
    return { pdf, nome: arquivoDe('boleto', mesDe(m.competencia), membro.codigoContrato) };
  }

  async recibo(membro: Membro, codigo: string): Promise<Arquivo> {
    this.exigirFinanceiro(membro);
    const m = await this.mensalidade(membro, codigo);
    if (!m.pagoEm) {
      throw new AppError(
        422,
        'DOCUMENTO_INDISPONIVEL',
        `A mensalidade de ${competenciaDe(m)} ainda está em aberto: o recibo fica disponível depois do pagamento.`,
      );
    }
    const [dono, itens] = await Promise.all([this.repo.titularidade(membro), this.repo.itens(membro, codigo)]);
    const pdf = await gerarRecibo({
      operadora: this.operadora,
      emitidoEm: this.agora(),
      destinatario: dono,
      codigoMensalidade: m.codigoMensalidade,
      competencia: competenciaDe(m),
      vencimento: m.vencimento,
      pagoEm: m.pagoEm,
      valorCentavos: m.valorCentavos,
      valorPagoCentavos: m.valorPagoCentavos ?? m.valorCentavos,
      itens,
    });
    return { pdf, nome: arquivoDe('recibo', mesDe(m.competencia), membro.codigoContrato) };
  }

  /** The last 12 competences, newest first, each with the co-participation lines the member may see. */
  async listarExtratoCoParticipacao(membro: Membro): Promise<CompetenciaCoParticipacao[]> {
    this.exigirCoparticipativo(membro);
    const atual = this.mesAtual();
    const desde = somarMeses(atual, -(MESES_DA_LISTA - 1));
    const rows = await this.repo.coParticipacoes(membro, primeiroDia(desde), primeiroDia(atual));
    return Array.from({ length: MESES_DA_LISTA }, (_, i) => {
      const c = somarMeses(atual, -i);
      const itens = rows
        .filter((r) => r.competencia === primeiroDia(c))
        .map((r) => ({
          data: r.data,
          beneficiario: r.beneficiario,
          descricao: r.descricao,
          prestador: r.prestador,
          valor: reais(r.valorCentavos),
        }));
      const total = rows.filter((r) => r.competencia === primeiroDia(c)).reduce((s, r) => s + r.valorCentavos, 0);
      return {
        anoCompetencia: c.ano,
        mesCompetencia: c.mes,
        competencia: competenciaTexto(c),
        total: reais(total),
        itens,
      };
    });
  }

  async extratoCoParticipacao(membro: Membro, ano: number, mes: number): Promise<Arquivo> {
    this.exigirCoparticipativo(membro);
    const c = { ano, mes };
    const [dono, itens] = await Promise.all([
      this.repo.titularidade(membro),
      this.repo.coParticipacoes(membro, primeiroDia(c), primeiroDia(c)),
    ]);
    const pdf = await gerarExtratoCoParticipacao({
      operadora: this.operadora,
      emitidoEm: this.agora(),
      destinatario: dono,
      competencia: competenciaTexto(c),
      itens: [...itens].sort((a, b) => a.data.localeCompare(b.data)),
    });
    return { pdf, nome: `extrato-coparticipacao-${ano}-${String(mes).padStart(2, '0')}.pdf` };
  }

  /** Per beneficiary, what was paid in `ano` (mensalidades and co-participation). */
  private async beneficiariosIrpf(membro: Membro, ano: number) {
    const rows = await this.repo.pagamentosDoAno(membro, ano);
    const porBeneficiario = new Map<string, BeneficiarioIrpf>();
    const porPagamento = new Map<string, { pagoEm: string; competencia: string; valorCentavos: number }>();
    for (const r of rows) {
      let b = porBeneficiario.get(r.codigoBeneficiario);
      if (!b) {
        b = {
          nome: r.nome,
          cpf: r.cpf,
          dataNascimento: r.dataNascimento,
          relacao: r.titular ? 'Titular' : `Dependente${r.parentesco ? ` - ${r.parentesco.toLowerCase()}` : ''}`,
          mensalidadesCentavos: 0,
          coparticipacaoCentavos: 0,
        };
        porBeneficiario.set(r.codigoBeneficiario, b);
      }
      if (r.tipo === 'COPARTICIPACAO') b.coparticipacaoCentavos += r.valorCentavos;
      else b.mensalidadesCentavos += r.valorCentavos;
      const chave = `${r.pagoEm}|${r.competencia}`;
      const p = porPagamento.get(chave) ?? { pagoEm: r.pagoEm, competencia: competenciaDe(r), valorCentavos: 0 };
      p.valorCentavos += r.valorCentavos;
      porPagamento.set(chave, p);
    }
    const pagamentos = [...porPagamento.values()].sort((a, b) => a.pagoEm.localeCompare(b.pagoEm));
    return { beneficiarios: [...porBeneficiario.values()], pagamentos };
  }

  /** Reimbursements paid in `ano` per beneficiary (issue 18): declared apart, to net the provider expense. */
  private async reembolsosIrpf(membro: Membro, ano: number): Promise<ReembolsoIrpf[]> {
    return (await this.repo.reembolsosPagosNoAno(membro, ano)).map((r) => ({
      nome: r.nome,
      cpf: r.cpf,
      relacao: r.titular ? 'Titular' : `Dependente${r.parentesco ? ` - ${r.parentesco.toLowerCase()}` : ''}`,
      valorCentavos: r.valorCentavos,
      quantidade: r.quantidade,
    }));
  }

  async listarExtratoIrpf(membro: Membro, ano?: number): Promise<ListarExtratoIrpfResponse> {
    this.exigirFinanceiro(membro, MENSAGEM_IRPF_SO_FINANCEIRO);
    const atual = this.mesAtual().ano;
    const anos = await this.repo.anosComPagamento(membro, atual);
    // docs/produto/financeiro.md "Limits": the default year is the previous calendar year (else the newest that has data).
    const escolhido = ano ?? (anos.includes(atual - 1) ? atual - 1 : anos[0]);
    if (escolhido === undefined || !anos.includes(escolhido)) return { dados: [], anos };
    const { beneficiarios } = await this.beneficiariosIrpf(membro, escolhido);
    const reembolsos = await this.reembolsosIrpf(membro, escolhido);
    return {
      anos,
      dados: beneficiarios.map((b) => ({
        descricao: `Plano de saúde - ${b.nome} (${b.relacao.toLowerCase()})`,
        ano: escolhido,
        valor: reais(b.mensalidadesCentavos + b.coparticipacaoCentavos),
      })),
      ...(reembolsos.length && {
        reembolsos: reembolsos.map((r) => ({
          descricao: `Reembolso recebido - ${r.nome} (${r.relacao.toLowerCase()})`,
          ano: escolhido,
          valor: reais(r.valorCentavos),
        })),
      }),
    };
  }

  async extratoIrpf(membro: Membro, ano: number): Promise<Arquivo> {
    this.exigirFinanceiro(membro, MENSAGEM_IRPF_SO_FINANCEIRO);
    const atual = this.mesAtual().ano;
    if (ano >= atual) {
      throw new AppError(
        422,
        'DOCUMENTO_INDISPONIVEL',
        `O informe de IRPF de ${ano} fica disponível depois que o ano terminar.`,
      );
    }
    const { beneficiarios, pagamentos } = await this.beneficiariosIrpf(membro, ano);
    if (pagamentos.length === 0) {
      throw new AppError(404, 'NAO_ENCONTRADO', `Não há pagamentos de ${ano} neste contrato para o informe de IRPF.`);
    }
    const dono = await this.repo.titularidade(membro);
    const pdf = await gerarInformeIrpf({
      operadora: this.operadora,
      emitidoEm: this.agora(),
      ano,
      responsavel: dono,
      codigoContrato: dono.codigoContrato,
      plano: dono.plano,
      beneficiarios,
      pagamentos,
      reembolsos: await this.reembolsosIrpf(membro, ano),
    });
    return { pdf, nome: `informe-irpf-${ano}-contrato-${membro.codigoContrato}.pdf` };
  }

  async declaracaoQuitacao(membro: Membro, ano: number): Promise<Arquivo> {
    this.exigirFinanceiro(membro);
    if (ano >= this.mesAtual().ano) {
      throw new AppError(
        422,
        'DOCUMENTO_INDISPONIVEL',
        `A declaração de quitação de ${ano} só pode ser emitida depois que o ano terminar.`,
      );
    }
    const mensalidades = await this.repo.mensalidadesDoAno(membro, ano);
    if (mensalidades.length === 0)
      throw new AppError(404, 'NAO_ENCONTRADO', `Não há mensalidades de ${ano} neste contrato.`);
    const abertas = mensalidades.filter((m) => !m.pagoEm);
    if (abertas.length > 0) {
      const quais = abertas.map(
        (m) => `${competenciaDe(m)} (vencimento ${formatDate(m.vencimento)}, ${formatBRL(reais(m.valorCentavos))})`,
      );
      const lista = quais.length === 1 ? quais[0] : `${quais.slice(0, -1).join(', ')} e ${quais[quais.length - 1]}`;
      throw new AppError(
        422,
        'DEBITO_EM_ABERTO',
        `Não é possível emitir a declaração de quitação de ${ano}: ` +
          (abertas.length === 1
            ? `a mensalidade de competência ${lista} está em aberto.`
            : `as mensalidades de competência ${lista} estão em aberto.`),
      );
    }
    const dono = await this.repo.titularidade(membro);
    const pdf = await gerarDeclaracaoQuitacao({
      operadora: this.operadora,
      emitidoEm: this.agora(),
      ano,
      responsavel: dono,
      codigoContrato: dono.codigoContrato,
      plano: dono.plano,
      mensalidades: mensalidades.map((m) => ({
        competencia: competenciaDe(m),
        vencimento: m.vencimento,
        pagoEm: m.pagoEm!,
        valorCentavos: m.valorCentavos,
      })),
    });
    return { pdf, nome: `declaracao-quitacao-${ano}-contrato-${membro.codigoContrato}.pdf` };
  }
}
