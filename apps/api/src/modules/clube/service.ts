import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { formatDate } from '@portal/br';
import {
  type Operadora,
  type SmartLinkLoginResponse,
  TERMO_CLUBE,
  textoTermoClube,
  type ResgatarAcessoClubeResponse,
  type ValidarLinkClubeResponse,
} from '@portal/contract';
import type { Clock } from '../../clock';
import type { AuditRepository, Origin } from '../../core/auditoria/repository';
import { AppError } from '../../lib/app-error';
import { sha256 } from '../../lib/crypto';
import type { Envio } from '../../core/solicitacoes/pedido';
import type { SolicitacoesService } from '../../core/solicitacoes/solicitacoes';
import type { Membro } from '../../core/sessao/membro';
import type { ClubeRepository } from './repository';

/** How long the partner link works: long enough to open it, short enough that a leaked one is dead. */
export const LINK_VALIDADE_SEGUNDOS = 300;

/**
 * Clube/SmartLinkLogin (docs/produto/beneficios.md, "Screens", decision 0013): records the member's consent to
 * share name and CPF with the partner (who, when, text version and hash, purpose) with a protocol,
 * then answers a short-lived link to the partner. The link carries nothing personal (issue 13):
 * an opaque code (256 random bits) that the partner redeems once, server to server, with its
 * secret (Clube/ResgatarAcesso) for the name and CPF. Only the code's SHA-256 is stored.
 */
/** What the service needs, built once in services.ts (decision 0007). */
export interface ClubeDeps {
  repo: ClubeRepository;
  solicitacoes: SolicitacoesService;
  audit: AuditRepository;
  operadora: Pick<Operadora, 'clube' | 'site'>;
  /** CLUBE_SECRET, the partner's bearer secret. */
  secret: string;
  clock: Clock;
}

export class ClubeService {
  private readonly segredo: Buffer;

  constructor(private readonly d: ClubeDeps) {
    this.segredo = createHash('sha256').update(d.secret).digest();
  }

  /** The partner's secret (CLUBE_SECRET), compared in constant time. */
  parceiroAutentico(credencial: string | undefined): boolean {
    if (!credencial || !this.d.operadora.clube) return false;
    return timingSafeEqual(createHash('sha256').update(credencial).digest(), this.segredo);
  }

  async parceiroRecusado(origin: Origin): Promise<void> {
    await this.d.audit.write('link_clube_parceiro_recusado', null, origin);
  }

  /**
   * Clube/ResgatarAcesso (issue 13): the partner, with its secret, spends the code of a link it
   * received and gets the member's name and CPF, once. A code unknown or already spent, expired,
   * or whose consent was revoked (Meus dados) gives nothing.
   */
  async resgatar(codigo: string, origin: Origin): Promise<ResgatarAcessoClubeResponse> {
    const hash = sha256(codigo);
    const agora = new Date(this.d.clock.now());
    const membro = await this.d.repo.resgatar(hash, agora);
    if (membro) {
      await this.d.audit.write('link_clube_resgatado', membro.cpf, origin, { situacao: 'RESGATADO' });
      return { nome: membro.nome, cpf: membro.cpf };
    }
    const situacao = await this.d.repo.situacao(hash, agora);
    await this.d.audit.write('link_clube_resgatado', null, origin, { situacao });
    if (situacao === 'EXPIRADO') throw new AppError(410, 'CODIGO_EXPIRADO', 'O código de acesso expirou.');
    if (situacao === 'REVOGADO')
      throw new AppError(410, 'JA_REVOGADO', 'O consentimento deste acesso foi revogado pelo beneficiário.');
    throw new AppError(404, 'CODIGO_INVALIDO', 'Código de acesso inválido ou já utilizado.');
  }

  /**
   * Clube/ValidarLink (decision 0019): the partner asks whether a link it received still stands,
   * without spending it. A link whose consent was revoked (Meus dados) is REVOGADO.
   */
  async validarLink(token: string, origin: Origin): Promise<ValidarLinkClubeResponse> {
    const situacao = this.d.operadora.clube
      ? await this.d.repo.situacao(sha256(token), new Date(this.d.clock.now()))
      : 'INVALIDO';
    await this.d.audit.write('link_clube_verificado', null, origin, { situacao });
    return { situacao };
  }

  async smartLink(
    membro: Membro,
    pedido: { cpf: string; versaoTermo?: string | undefined },
    envio: Envio,
  ): Promise<SmartLinkLoginResponse> {
    if (pedido.cpf !== membro.cpf)
      throw new AppError(403, 'ACESSO_RESTRITO', 'O CPF informado não é o do usuário autenticado.');
    const clube = this.d.operadora.clube;
    if (!clube) throw new AppError(404, 'NAO_ENCONTRADO', 'O clube de benefícios não está disponível.');
    if (pedido.versaoTermo !== undefined && pedido.versaoTermo !== TERMO_CLUBE.versao) {
      throw new AppError(
        422,
        'TERMO_NAO_ACEITO',
        'O termo de ciência foi atualizado. Leia o novo texto e confirme novamente.',
      );
    }
    const texto = textoTermoClube(clube.nome);
    return this.d.solicitacoes.registrar({
      membro,
      ...envio,
      executar: async (ctx) => {
        const protocolo = await ctx.abrirProtocolo({
          tipo: 'CONSENTIMENTO_CLUBE',
          assunto: `Ciência do compartilhamento de nome e CPF com ${clube.nome} (clube de benefícios)`,
          situacao: 'CONCLUIDO',
          resposta: 'Consentimento registrado.',
        });
        const codigo = randomBytes(32).toString('base64url');
        const expiraEm = new Date(ctx.agora.getTime() + LINK_VALIDADE_SEGUNDOS * 1000);
        await this.d.repo.com(ctx.tx).inserir({
          protocolo: protocolo.numero,
          membro,
          finalidade: TERMO_CLUBE.finalidade,
          parceiro: clube.nome,
          dadosCompartilhados: TERMO_CLUBE.dadosCompartilhados,
          textoVersao: TERMO_CLUBE.versao,
          textoHash: sha256(texto.join('\n')),
          at: ctx.agora,
          linkJti: randomUUID(),
          linkCodigoHash: sha256(codigo),
          linkExpiraEm: expiraEm,
          ip: envio.origin.ip,
          userAgent: envio.origin.userAgent,
        });
        const link = new URL(clube.url);
        link.searchParams.set('token', codigo);
        await ctx.avisarMembro(
          `consentimento registrado, protocolo ${protocolo.numero}`,
          `em ${formatDate(ctx.hoje)} você autorizou o compartilhamento do seu nome e CPF com ${clube.nome} ` +
            `para acessar o clube de benefícios. Protocolo ${protocolo.numero}. ` +
            'Para revogar, fale com nossos canais de atendimento.',
        );
        return {
          webSmartLink: link.toString(),
          expiraEm: expiraEm.toISOString(),
          protocolo: protocolo.numero,
          prazoResposta: protocolo.prazoResposta,
        };
      },
    });
  }
}
