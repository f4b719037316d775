import { diaEmSaoPaulo, formatCpf, formatDate } from '@portal/br';
import { type NovoDependente, problemaDataNascimento } from '@portal/contract';
import type { Clock } from '../../clock';
import { AppError, dadosInvalidos } from '../../lib/app-error';
import { type Envio, violouUnicidade } from '../../core/solicitacoes/pedido';
import type { SolicitacoesService } from '../../core/solicitacoes/solicitacoes';
import type { Membro } from '../../core/sessao/membro';
import { DECLARACAO_DE_SAUDE } from './questionario';
import type { VendaRepository } from './repository';

const SUCESSO_DEPENDENTES = 'Dependente(s) adicionado(s) com sucesso.';

/** docs/produto/comercial.md "Calls" (decision 0012): dependents' inclusion and the sales calls. */
/** What the service needs, built once in services.ts (decision 0007). */
export interface VendaDeps {
  repo: VendaRepository;
  solicitacoes: SolicitacoesService;
  clock: Clock;
}

export class VendaService {
  constructor(private readonly d: VendaDeps) {}

  /**
   * Venda/AdicionarDependente: only the holder or the financial responsible of an active contract;
   * every rule of the form again; a CPF already in the contract or with an open request is refused.
   */
  async adicionarDependentes(membro: Membro, dependentes: NovoDependente[], envio: Envio) {
    if (!membro.veTodoContrato) {
      throw new AppError(
        403,
        'ACESSO_RESTRITO',
        'Apenas o titular ou o responsável financeiro do contrato pode incluir dependentes.',
      );
    }
    if (!(await this.d.repo.contratoAtivo(membro))) {
      throw new AppError(
        403,
        'ACESSO_RESTRITO',
        'Este contrato está cancelado e não aceita a inclusão de dependentes.',
      );
    }
    const hoje = diaEmSaoPaulo(this.d.clock.now());
    for (const d of dependentes) {
      const problema = problemaDataNascimento(d.dataNascimento, hoje);
      if (problema) throw dadosInvalidos(`${problema} (${d.nome})`);
    }
    const cpfs = dependentes.map((d) => d.cpf);
    return this.d.solicitacoes.registrar({
      membro,
      ...envio,
      executar: async (ctx) => {
        const repo = this.d.repo.com(ctx.tx);
        const [noContrato] = await repo.cpfsNoContrato(membro, cpfs);
        if (noContrato) {
          throw new AppError(409, 'JA_REGISTRADO', `O CPF ${formatCpf(noContrato)} já faz parte deste contrato.`);
        }
        const [aberta] = await repo.solicitacoesAbertas(membro, cpfs);
        if (aberta) throw jaSolicitado(aberta.cpf, aberta.protocolo);
        const nomes = dependentes.map((d) => d.nome).join(', ');
        const protocolo = await ctx.abrirProtocolo({
          tipo: 'INCLUSAO_DEPENDENTE',
          assunto: `Inclusão de ${dependentes.length} dependente(s): ${nomes}`,
          situacao: 'ABERTO',
        });
        try {
          await repo.inserirDependentes(membro, protocolo.numero, dependentes, ctx.agora);
        } catch (err) {
          // Two requests for the same person at the same instant, without an idempotency key.
          if (violouUnicidade(err)) throw jaSolicitado(cpfs[0]!, null);
          throw err;
        }
        await ctx.avisarMembro(
          `inclusão de dependente(s), protocolo ${protocolo.numero}`,
          `recebemos sua solicitação de inclusão de ${dependentes.length} dependente(s) (${nomes}). ` +
            `Protocolo ${protocolo.numero}. Responderemos até ${formatDate(protocolo.prazoResposta)}.`,
        );
        return {
          sucesso: true as const,
          mensagem: SUCESSO_DEPENDENTES,
          protocolo: protocolo.numero,
          prazoResposta: protocolo.prazoResposta,
        };
      },
    });
  }

  /** Venda/ContatoInicial: the sales team calls the member back (a request with protocol). */
  contatoInicial(membro: Membro, pedido: { interesse: string; mensagem?: string | undefined }, envio: Envio) {
    return this.d.solicitacoes.registrar({
      membro,
      ...envio,
      executar: async (ctx) => {
        const protocolo = await ctx.abrirProtocolo({
          tipo: 'CONTATO_COMERCIAL',
          assunto: `Pedido de contato comercial: ${ASSUNTOS[pedido.interesse] ?? pedido.interesse}`,
          situacao: 'ABERTO',
        });
        await this.d.repo
          .com(ctx.tx)
          .inserirContato(
            membro,
            protocolo.numero,
            { interesse: pedido.interesse, mensagem: pedido.mensagem || null },
            ctx.agora,
          );
        await ctx.avisarMembro(
          `pedido de contato, protocolo ${protocolo.numero}`,
          `recebemos seu pedido de contato. Nossa equipe comercial falará com você até ${formatDate(protocolo.prazoResposta)}. Protocolo ${protocolo.numero}.`,
        );
        return {
          sucesso: true as const,
          mensagem: 'Recebemos seu pedido de contato. Nossa equipe comercial falará com você em breve.',
          protocolo: protocolo.numero,
          prazoResposta: protocolo.prazoResposta,
        };
      },
    });
  }

  /** Venda/Entrevista/Consultar: the inclusion requests and where each dependent stands. */
  async consultarSolicitacoes(membro: Membro) {
    const rows = await this.d.repo.solicitacoes(membro);
    const porProtocolo = new Map<
      string,
      {
        protocolo: string;
        criadoEm: string;
        prazoResposta: string;
        dependentes: { nome: string; situacao: SolicitacaoSituacao }[];
      }
    >();
    for (const r of rows) {
      let s = porProtocolo.get(r.protocolo);
      if (!s) {
        s = {
          protocolo: r.protocolo,
          criadoEm: new Date(r.criado_em).toISOString(),
          prazoResposta: String(r.prazo_resposta).slice(0, 10),
          dependentes: [],
        };
        porProtocolo.set(r.protocolo, s);
      }
      s.dependentes.push({ nome: r.nome, situacao: r.situacao });
    }
    return { solicitacoes: [...porProtocolo.values()] };
  }

  /** Venda/Questionario/Consultar: the health declaration. */
  questionario() {
    return DECLARACAO_DE_SAUDE;
  }
}

type SolicitacaoSituacao = 'EM_ANALISE' | 'APROVADA' | 'RECUSADA';

const ASSUNTOS: Record<string, string> = {
  DEPENDENTES: 'inclusão de dependentes',
  SOS: 'SOS',
  ORTOPEDICO: 'Plano Ortopédico',
  OUTRO: 'outros assuntos',
};

function jaSolicitado(cpf: string, protocolo: string | null): AppError {
  const de = protocolo ? ` (protocolo ${protocolo})` : '';
  return new AppError(
    409,
    'JA_REGISTRADO',
    `Já existe uma solicitação de inclusão em análise para o CPF ${formatCpf(cpf)}${de}.`,
  );
}
