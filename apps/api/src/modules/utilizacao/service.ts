import { formatDate } from '@portal/br';
import type { AvaliarAtendimentoResponse, ListarUtilizacaoResponse } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { beneficiarioNaoEncontrado } from '../../lib/nao-encontrado';
import type { BeneficiariosRepository } from '../../core/beneficiarios/repository';
import { type Envio, violouUnicidade } from '../../core/solicitacoes/pedido';
import type { SolicitacoesService } from '../../core/solicitacoes/solicitacoes';
import type { Membro } from '../../core/sessao/membro';
import type { UtilizacaoRepository } from './repository';

export interface Avaliacao {
  codigoBeneficiario: string;
  codigoPrestador: string;
  data: string;
  nota: number;
  comentario?: string | null | undefined;
}

const HISTORICO_VAZIO =
  'Ainda não há atendimentos registrados para este beneficiário. Os atendimentos aparecem aqui depois de processados pela operadora, o que pode levar alguns dias.';

/** Usage history and ratings (docs/produto/utilizacao.md, "Screens", "Data", "Calls"; decision 0013). */
/** What the service needs, built once in services.ts (decision 0007). */
export interface UtilizacaoDeps {
  repo: UtilizacaoRepository;
  beneficiarios: BeneficiariosRepository;
  solicitacoes: SolicitacoesService;
}

export class UtilizacaoService {
  constructor(private readonly d: UtilizacaoDeps) {}

  async beneficiariosVisiveis(membro: Membro) {
    return (await this.d.beneficiarios.visiveis(membro)).map(({ codigoBeneficiario, nome }) => ({
      codigoBeneficiario,
      nome,
    }));
  }

  /** 404 for a beneficiary the member may not see; an empty list carries the 'Aviso sobre o Histórico' note. */
  async listar(membro: Membro, codigoBeneficiario: string): Promise<ListarUtilizacaoResponse> {
    if (!(await this.d.beneficiarios.visivel(membro, codigoBeneficiario))) throw beneficiarioNaoEncontrado();
    const procedimentos = await this.d.repo.listar(membro, codigoBeneficiario);
    return procedimentos.length ? { procedimentos } : { procedimentos, mensagem: HISTORICO_VAZIO };
  }

  /** One rating per care; another contract's care (or a relative's, for a dependant) is not found. */
  async avaliar(membro: Membro, a: Avaliacao, envio: Envio): Promise<AvaliarAtendimentoResponse> {
    const atendimento = await this.d.repo.atendimento(membro, a.codigoBeneficiario, a.codigoPrestador, a.data);
    if (!atendimento) throw new AppError(404, 'NAO_ENCONTRADO', 'Atendimento não encontrado.');
    const comentario = a.comentario?.trim() || null;
    return this.d.solicitacoes.registrar({
      membro,
      ...envio,
      executar: async (ctx) => {
        const repo = this.d.repo.com(ctx.tx);
        const atual = await repo.atendimento(membro, a.codigoBeneficiario, a.codigoPrestador, a.data);
        if (!atual) throw new AppError(404, 'NAO_ENCONTRADO', 'Atendimento não encontrado.');
        if (atual.ja_avaliado) throw jaAvaliado();
        const quando = formatDate(new Date(atual.data).toISOString());
        const protocolo = await ctx.abrirProtocolo({
          tipo: 'AVALIACAO_ATENDIMENTO',
          assunto: `Avaliação (nota ${a.nota}) do atendimento de ${quando} em ${atual.prestador}: ${atual.descricao}`,
          situacao: 'CONCLUIDO',
          codigoBeneficiario: a.codigoBeneficiario,
          resposta: 'Avaliação registrada. Obrigado pela sua opinião.',
        });
        try {
          await repo.inserirAvaliacao({
            atendimentoId: atual.id,
            protocolo: protocolo.numero,
            cpf: membro.cpf,
            nota: a.nota,
            comentario,
            at: ctx.agora,
          });
        } catch (err) {
          if (violouUnicidade(err)) throw jaAvaliado();
          throw err;
        }
        await ctx.avisarMembro(
          `avaliação registrada, protocolo ${protocolo.numero}`,
          `recebemos sua avaliação do atendimento de ${quando} em ${atual.prestador}. Obrigado! Protocolo ${protocolo.numero}.`,
        );
        return {
          sucesso: true as const,
          mensagem: 'Avaliação enviada!',
          protocolo: protocolo.numero,
          prazoResposta: protocolo.prazoResposta,
        };
      },
    });
  }
}

function jaAvaliado(): AppError {
  return new AppError(409, 'JA_REGISTRADO', 'Este atendimento já foi avaliado.');
}
