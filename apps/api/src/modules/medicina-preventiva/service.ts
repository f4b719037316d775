import { formatDate, normalizeSearch } from '@portal/br';
import type { FazerInscricaoResponse } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { beneficiarioNaoEncontrado } from '../../lib/nao-encontrado';
import { type Envio, violouUnicidade } from '../../core/solicitacoes/pedido';
import type { SolicitacoesService } from '../../core/solicitacoes/solicitacoes';
import type { Membro } from '../../core/sessao/membro';
import type { MedicinaPreventivaRepository } from './repository';

export interface Inscricao {
  cpf: string;
  nome: string;
  dataNascimento: string;
  cidade: string;
  telefone: string;
  programa: string;
}

/** MedicinaPreventiva/FazerInscricao (docs/produto/medicina-preventiva.md, "Screens", "Data", "Calls"; decision 0012). */
/** What the service needs, built once in services.ts (decision 0007). */
export interface MedicinaPreventivaDeps {
  repo: MedicinaPreventivaRepository;
  solicitacoes: SolicitacoesService;
}

export class MedicinaPreventivaService {
  constructor(private readonly d: MedicinaPreventivaDeps) {}

  /**
   * The CPF must be a beneficiary the member may see (another contract's reads as not found), with
   * the name and birth date on file; one running enrolment per beneficiary and programme.
   */
  async inscrever(membro: Membro, i: Inscricao, envio: Envio): Promise<FazerInscricaoResponse> {
    const b = await this.d.repo.beneficiarioPorCpf(membro, i.cpf);
    if (!b) throw beneficiarioNaoEncontrado();
    if (normalizeSearch(b.nome) !== normalizeSearch(i.nome) || (b.dataNascimento ?? '') !== i.dataNascimento) {
      throw new AppError(
        422,
        'DADOS_DIVERGENTES',
        'Nome ou data de nascimento não conferem com o cadastro do beneficiário.',
      );
    }
    return this.d.solicitacoes.registrar({
      membro,
      ...envio,
      executar: async (ctx) => {
        const repo = this.d.repo.com(ctx.tx);
        const ativa = await repo.inscricaoAtiva(b.codigoBeneficiario, i.programa);
        if (ativa) throw jaInscrito(b.nome, i.programa, ativa);
        const protocolo = await ctx.abrirProtocolo({
          tipo: 'INSCRICAO_MEDICINA_PREVENTIVA',
          assunto: `Inscrição de ${b.nome} no programa ${i.programa}`,
          situacao: 'ABERTO',
          codigoBeneficiario: b.codigoBeneficiario,
        });
        try {
          await repo.inserir({
            protocolo: protocolo.numero,
            membro,
            codigoBeneficiario: b.codigoBeneficiario,
            programa: i.programa,
            cidade: i.cidade,
            telefone: i.telefone,
            at: ctx.agora,
          });
        } catch (err) {
          if (violouUnicidade(err)) throw jaInscrito(b.nome, i.programa, null);
          throw err;
        }
        await ctx.avisarMembro(
          `inscrição no programa ${i.programa}, protocolo ${protocolo.numero}`,
          `recebemos a inscrição de ${b.nome} no programa ${i.programa}. Entraremos em contato até ` +
            `${formatDate(protocolo.prazoResposta)}. Protocolo ${protocolo.numero}.`,
        );
        return {
          sucesso: true as const,
          mensagem: 'Inscrição realizada com sucesso! Entraremos em contato em breve.',
          protocolo: protocolo.numero,
          prazoResposta: protocolo.prazoResposta,
        };
      },
    });
  }
}

function jaInscrito(nome: string, programa: string, protocolo: string | null): AppError {
  const de = protocolo ? ` (protocolo ${protocolo})` : '';
  return new AppError(409, 'JA_REGISTRADO', `${nome} já está inscrito(a) no programa ${programa}${de}.`);
}
