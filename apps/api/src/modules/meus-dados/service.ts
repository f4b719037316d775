import { diaEmSaoPaulo } from '@portal/br';
import {
  CAMPOS_CORRECAO,
  type CampoCorrecao,
  type Consentimento,
  type EncerrarOutrasSessoesResponse,
  type ExportacaoMeusDados,
  type ListarAcessosResponse,
  type Operadora,
  type RevogarConsentimentoResponse,
  type SolicitarCorrecaoResponse,
} from '@portal/contract';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { Throttle } from '../../lib/tentativas';
import type { AuditRepository, Origin } from '../../core/auditoria/repository';
import type { Envio } from '../../core/solicitacoes/pedido';
import type { SolicitacoesService } from '../../core/solicitacoes/solicitacoes';
import type { Membro } from '../../core/sessao/membro';
import type { SessionService } from '../../core/sessao/service';
import { DESCRICAO_EVENTO, descreverDispositivo, mascararIp, ocultarCodigos } from './dispositivo';
import { gerarMeusDadosPdf } from './pdf';
import { type ConsentimentoRow, type Linha, LINHAS_POR_SECAO, type MeusDadosRepository } from './repository';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Keys of an audit detail never handed out (a QR proof's code, tokens, hashes). */
const DETALHE_SECRETO = /jti|token|codigo(?!Contrato)|hash|senha|cookie/i;

/** Dates as ISO strings, bigints and numerics as they are: what JSON and the PDF both read. */
function simples(l: Linha): Linha {
  const out: Linha = {};
  for (const [k, v] of Object.entries(l)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out;
}

/** Recent sign-ins shown: the last 90 days. */
const JANELA_ACESSOS_MS = 90 * 24 * 3_600_000;

/**
 * 'Meus dados' (LGPD art. 18, decision 0019): the export, consents and their revocation, sign-ins
 * and open sessions, and correction requests. Everything is read by the session person's CPF (and,
 * for the contract's data, by the session contract with beneficiarioVisivel).
 */
/** What the service needs, built once in services.ts (decision 0007). */
export interface MeusDadosDeps {
  repo: MeusDadosRepository;
  solicitacoes: SolicitacoesService;
  sessoes: SessionService;
  audit: AuditRepository;
  throttle: Throttle;
  operadora: Operadora;
  clock: Clock;
  config: Pick<Config, 'session'>;
}

export class MeusDadosService {
  constructor(private readonly d: MeusDadosDeps) {}

  async exportar(membro: Membro, origin: Origin, formato: 'json' | 'pdf'): Promise<ExportacaoMeusDados> {
    await this.d.throttle.assertExportacao(membro.cpf);
    const r = this.d.repo;
    const pessoa = await r.pessoa(membro);
    if (!pessoa) throw new AppError(404, 'NAO_ENCONTRADO', 'Dados não encontrados.');
    const contatos = [pessoa.email, pessoa.celular].filter((c): c is string => typeof c === 'string' && c !== '');
    const [
      conta,
      vinculos,
      carteirinhas,
      protocolos,
      dependentes,
      contatosComerciais,
      contratacoesServico,
      inscricoesPreventivas,
      avaliacoes,
      correcoesDados,
      consentimentos,
      sessoes,
      auditoria,
      mensagens,
      autorizacoes,
      utilizacao,
      mensalidades,
    ] = await Promise.all([
      r.conta(membro),
      r.vinculos(membro),
      r.carteirinhas(membro),
      r.protocolos(membro),
      r.dependentesSolicitados(membro),
      r.contatosComerciais(membro),
      r.contratacoesServico(membro),
      r.inscricoesPreventivas(membro),
      r.avaliacoes(membro),
      r.correcoes(membro),
      r.consentimentos(membro),
      r.sessoes(membro),
      r.auditoria(membro),
      r.mensagens(membro, contatos),
      r.autorizacoes(membro),
      r.utilizacao(membro),
      membro.responsavelFinanceiro ? r.mensalidades(membro) : Promise.resolve(null),
    ]);
    const secoes: Record<string, Linha[] | null> = {
      vinculos,
      carteirinhas,
      protocolos,
      dependentes,
      contatosComerciais,
      contratacoesServico,
      inscricoesPreventivas,
      avaliacoes,
      correcoesDados,
      consentimentos: consentimentos as unknown as Linha[],
      sessoes,
      registrosDeAcesso: auditoria,
      mensagens,
      autorizacoes,
      utilizacao,
      mensalidades,
    };
    const secoesCortadas = Object.entries(secoes)
      .filter(([, v]) => v !== null && v.length >= LINHAS_POR_SECAO)
      .map(([k]) => k);
    const agora = new Date(this.d.clock.now());
    const dados: ExportacaoMeusDados = {
      geradoEm: agora.toISOString(),
      operadora: { nome: this.d.operadora.nome, registroAns: this.d.operadora.registroAns },
      titular: simples(pessoa),
      conta: conta ? simples(conta) : null,
      vinculos: vinculos.map(simples),
      carteirinhas: carteirinhas.map(simples),
      protocolos: protocolos.map(simples),
      solicitacoes: {
        dependentes: dependentes.map(simples),
        contatosComerciais: contatosComerciais.map(simples),
        contratacoesServico: contratacoesServico.map(simples),
        inscricoesPreventivas: inscricoesPreventivas.map(simples),
        avaliacoes: avaliacoes.map(simples),
        correcoesDados: correcoesDados.map(simples),
      },
      consentimentos: consentimentos.map((c) => simples(this.consentimento(c))),
      sessoes: sessoes.map((s) => ({
        ...simples(s),
        dispositivo: descreverDispositivo(s.user_agent as string | null),
      })),
      registrosDeAcesso: auditoria.map(({ detail, ...a }) => ({ ...simples(a), detalhe: semSegredos(detail) })),
      mensagens: mensagens.map(({ codigo, mensagem, ...m }) => ({
        ...simples(m),
        mensagem: ocultarCodigos(String(mensagem), (codigo as string | null) ?? null),
      })),
      contratoDaSessao: {
        codigoContrato: membro.codigoContrato,
        autorizacoes: autorizacoes.map(simples),
        utilizacao: utilizacao.map(simples),
        mensalidades: mensalidades ? mensalidades.map(simples) : null,
      },
      limites: { linhasPorSecao: LINHAS_POR_SECAO, secoesCortadas },
    };
    await this.d.audit.write('dados_exportados', membro.cpf, origin, {
      formato,
      codigoContrato: membro.codigoContrato,
    });
    return dados;
  }

  async exportarPdf(membro: Membro, origin: Origin): Promise<{ pdf: Buffer; nome: string }> {
    const dados = await this.exportar(membro, origin, 'pdf');
    const agora = this.d.clock.now();
    const pdf = await gerarMeusDadosPdf({ operadora: this.d.operadora, emitidoEm: new Date(agora), dados });
    return { pdf, nome: `meus-dados-${diaEmSaoPaulo(agora)}.pdf` };
  }

  nomeJson(): string {
    return `meus-dados-${diaEmSaoPaulo(this.d.clock.now())}.json`;
  }

  private consentimento(c: ConsentimentoRow): Consentimento {
    return {
      idConsentimento: Number(c.id),
      protocolo: c.protocolo,
      finalidade: c.finalidade,
      parceiro: c.parceiro,
      dadosCompartilhados: c.dados_compartilhados,
      textoVersao: c.texto_versao,
      concedidoEm: iso(c.concedido_em),
      revogadoEm: c.revogado_em === null ? null : iso(c.revogado_em),
      situacao: c.revogado_em === null ? 'ATIVO' : 'REVOGADO',
    };
  }

  async consentimentos(membro: Membro): Promise<{ consentimentos: Consentimento[] }> {
    return { consentimentos: (await this.d.repo.consentimentos(membro)).map((c) => this.consentimento(c)) };
  }

  /**
   * Revokes one consent of the person (art. 8 § 5): revogado_em, a protocol concluded at once, an
   * audit row and a notice, in one transaction. The club's link of that consent stops working
   * (Clube/ResgatarAcesso refuses its code, Clube/ValidarLink says REVOGADO) and the next visit to the club asks again.
   */
  async revogar(membro: Membro, idConsentimento: number, envio: Envio): Promise<RevogarConsentimentoResponse> {
    return this.d.solicitacoes.registrar({
      membro,
      ...envio,
      // LGPD rights outlive the plan: a former member may still revoke and ask for corrections.
      permitidoSemVinculoAtivo: true,
      executar: async (ctx) => {
        const repo = this.d.repo.com(ctx.tx);
        const c = await repo.consentimentoParaRevogar(membro, idConsentimento);
        if (!c) throw new AppError(404, 'NAO_ENCONTRADO', 'Consentimento não encontrado.');
        if (c.revogado_em !== null) throw new AppError(409, 'JA_REVOGADO', 'Este consentimento já foi revogado.');
        const protocolo = await ctx.abrirProtocolo({
          tipo: 'REVOGACAO_CONSENTIMENTO',
          assunto: `Revogação do consentimento de compartilhamento de dados com ${c.parceiro}`,
          situacao: 'CONCLUIDO',
          resposta: 'Consentimento revogado.',
        });
        await repo.revogar(membro, idConsentimento, ctx.agora);
        await ctx.auditar('consentimento_revogado', {
          idConsentimento,
          protocoloConsentimento: c.protocolo,
          protocolo: protocolo.numero,
        });
        await ctx.avisarMembro(
          `consentimento revogado, protocolo ${protocolo.numero}`,
          `em ${formatarDia(ctx.hoje)} você revogou o compartilhamento dos seus dados com ${c.parceiro} ` +
            `(consentimento do protocolo ${c.protocolo}). Protocolo ${protocolo.numero}. ` +
            'Para usar o clube de benefícios de novo, será pedida uma nova ciência.',
        );
        return {
          revogadoEm: ctx.agora.toISOString(),
          protocolo: protocolo.numero,
          prazoResposta: protocolo.prazoResposta,
        };
      },
    });
  }

  async acessos(membro: Membro): Promise<ListarAcessosResponse> {
    const agora = new Date(this.d.clock.now());
    const [sessoes, acessos] = await Promise.all([
      this.d.repo.sessoesAbertas(membro, agora, this.d.config.session.idleSeconds),
      this.d.repo.acessosRecentes(membro, new Date(agora.getTime() - JANELA_ACESSOS_MS)),
    ]);
    return {
      sessoes: sessoes.map((s) => ({
        dispositivo: descreverDispositivo(s.user_agent),
        ipAproximado: mascararIp(s.ip),
        iniciadaEm: iso(s.criado_em),
        ultimoUsoEm: iso(s.ultimo_uso_em),
        estaSessao: Number(s.codigo_sessao) === membro.codigoSessao,
      })),
      acessos: acessos.map((a) => ({
        em: iso(a.at),
        evento: a.event,
        descricao: DESCRICAO_EVENTO[a.event] ?? a.event,
        dispositivo: descreverDispositivo(a.user_agent),
        ipAproximado: mascararIp(a.ip),
      })),
    };
  }

  async encerrarOutrasSessoes(membro: Membro, origin: Origin): Promise<EncerrarOutrasSessoesResponse> {
    const encerradas = await this.d.sessoes.encerrarOutrasDe(membro.cpf, membro.codigoSessao);
    await this.d.audit.write('sessoes_encerradas', membro.cpf, origin, { encerradas });
    return { encerradas };
  }

  /** Art. 18 III: a protocol for the operator to review; the portal never changes the data itself. */
  async solicitarCorrecao(
    membro: Membro,
    pedido: { campo: CampoCorrecao; valorCorreto: string; observacao?: string | undefined },
    envio: Envio,
  ): Promise<SolicitarCorrecaoResponse> {
    if (pedido.campo === 'OUTRO' && !pedido.observacao)
      throw new AppError(400, 'DADOS_INVALIDOS', 'Diga na observação qual dado deve ser corrigido.');
    const nomeCampo = CAMPOS_CORRECAO[pedido.campo];
    return this.d.solicitacoes.registrar({
      membro,
      ...envio,
      // LGPD rights outlive the plan: a former member may still revoke and ask for corrections.
      permitidoSemVinculoAtivo: true,
      executar: async (ctx) => {
        const protocolo = await ctx.abrirProtocolo({
          tipo: 'CORRECAO_DADOS',
          assunto: `Correção de dados cadastrais: ${nomeCampo}`,
          situacao: 'ABERTO',
          codigoBeneficiario: membro.codigoBeneficiario,
        });
        await this.d.repo.com(ctx.tx).inserirCorrecao(membro, protocolo.numero, pedido, ctx.agora);
        await ctx.avisarMembro(
          `pedido de correção de dados, protocolo ${protocolo.numero}`,
          `recebemos seu pedido de correção do dado "${nomeCampo}". Protocolo ${protocolo.numero}. ` +
            `Responderemos até ${formatarDia(protocolo.prazoResposta)}.`,
        );
        return { protocolo: protocolo.numero, prazoResposta: protocolo.prazoResposta };
      },
    });
  }
}

function formatarDia(dia: string): string {
  const [a, m, d] = dia.split('-');
  return `${d}/${m}/${a}`;
}

function semSegredos(detail: unknown): unknown {
  if (!detail || typeof detail !== 'object') return detail ?? {};
  return Object.fromEntries(Object.entries(detail).filter(([k]) => !DETALHE_SECRETO.test(k)));
}
