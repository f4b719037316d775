import { randomUUID } from 'node:crypto';
import { formatDate } from '@portal/br';
import {
  type Operadora,
  type SmartLinkLoginResponse,
  TERMO_CLUBE,
  textoTermoClube,
  type ValidarLinkClubeResponse,
} from '@portal/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock';
import type { Queryable } from '../../db/db';
import type { AuditRepository, Origin } from '../audit/repository';
import { AppError } from '../../lib/app-error';
import { sha256 } from '../../lib/crypto';
import type { Envio } from '../protocolos/pedido';
import type { SolicitacoesService } from '../protocolos/solicitacoes';
import type { Membro } from '../sessao/membro';
import { ClubeRepository } from './repository';

/** How long the partner link works: long enough to open it, short enough that a leaked one is dead. */
export const LINK_VALIDADE_SEGUNDOS = 300;

/**
 * Clube/SmartLinkLogin (spec 2 'Benefits club', decision 0013): records the member's consent to
 * share name and CPF with the partner (who, when, text version and hash, purpose) with a protocol,
 * then answers a short-lived link to the partner carrying an HS256 token with those two fields.
 */
export class ClubeService {
  private readonly chave: Uint8Array;

  constructor(
    private readonly solicitacoes: SolicitacoesService,
    private readonly operadora: Pick<Operadora, 'clube' | 'site'>,
    secret: string,
    private readonly db: Queryable,
    private readonly audit: AuditRepository,
    private readonly clock: Clock,
  ) {
    this.chave = new TextEncoder().encode(secret);
  }

  /**
   * Clube/ValidarLink (decision 0019): the partner asks whether a link it received still stands.
   * A genuine, unexpired link whose consent was revoked (Meus dados) is REVOGADO: it stops working
   * before its 5 minutes end. Only the situation is answered; the partner has the token's claims.
   */
  async validarLink(token: string, origin: Origin): Promise<ValidarLinkClubeResponse> {
    const situacao = await this.situacaoDoLink(token);
    await this.audit.write('link_clube_verificado', null, origin, { situacao });
    return { situacao };
  }

  private async situacaoDoLink(token: string): Promise<ValidarLinkClubeResponse['situacao']> {
    const clube = this.operadora.clube;
    if (!clube) return 'INVALIDO';
    let jti: string | undefined;
    try {
      const { payload } = await jwtVerify(token, this.chave, {
        algorithms: ['HS256'],
        issuer: this.operadora.site,
        audience: new URL(clube.url).origin,
        currentDate: new Date(this.clock.now()),
      });
      jti = payload.jti;
    } catch (err) {
      return err instanceof errors.JWTExpired ? 'EXPIRADO' : 'INVALIDO';
    }
    if (!jti || !/^[0-9a-f-]{36}$/i.test(jti)) return 'INVALIDO';
    const [c] = await this.db.query<{ revogado: boolean }>(
      'select (revogado_em is not null) as revogado from consentimentos where link_jti = $1',
      [jti],
    );
    if (!c) return 'INVALIDO';
    return c.revogado ? 'REVOGADO' : 'VALIDO';
  }

  async smartLink(
    membro: Membro,
    pedido: { cpf: string; versaoTermo?: string | undefined },
    envio: Envio,
  ): Promise<SmartLinkLoginResponse> {
    if (pedido.cpf !== membro.cpf)
      throw new AppError(403, 'ACESSO_RESTRITO', 'O CPF informado não é o do usuário autenticado.');
    const clube = this.operadora.clube;
    if (!clube) throw new AppError(404, 'NAO_ENCONTRADO', 'O clube de benefícios não está disponível.');
    if (pedido.versaoTermo !== undefined && pedido.versaoTermo !== TERMO_CLUBE.versao) {
      throw new AppError(
        422,
        'TERMO_NAO_ACEITO',
        'O termo de ciência foi atualizado. Leia o novo texto e confirme novamente.',
      );
    }
    const texto = textoTermoClube(clube.nome);
    return this.solicitacoes.registrar({
      membro,
      ...envio,
      executar: async (ctx) => {
        const protocolo = await ctx.abrirProtocolo({
          tipo: 'CONSENTIMENTO_CLUBE',
          assunto: `Ciência do compartilhamento de nome e CPF com ${clube.nome} (clube de benefícios)`,
          situacao: 'CONCLUIDO',
          resposta: 'Consentimento registrado.',
        });
        const jti = randomUUID();
        await new ClubeRepository(ctx.tx).inserir({
          protocolo: protocolo.numero,
          membro,
          finalidade: TERMO_CLUBE.finalidade,
          parceiro: clube.nome,
          dadosCompartilhados: TERMO_CLUBE.dadosCompartilhados,
          textoVersao: TERMO_CLUBE.versao,
          textoHash: sha256(texto.join('\n')),
          at: ctx.agora,
          linkJti: jti,
          ip: envio.origin.ip,
          userAgent: envio.origin.userAgent,
        });
        const iat = Math.floor(ctx.agora.getTime() / 1000);
        const exp = iat + LINK_VALIDADE_SEGUNDOS;
        const token = await new SignJWT({ nome: membro.nome, cpf: membro.cpf })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuer(this.operadora.site)
          .setAudience(new URL(clube.url).origin)
          .setSubject(membro.cpf)
          .setJti(jti)
          .setIssuedAt(iat)
          .setExpirationTime(exp)
          .sign(this.chave);
        const link = new URL(clube.url);
        link.searchParams.set('token', token);
        await ctx.avisarMembro(
          `consentimento registrado, protocolo ${protocolo.numero}`,
          `em ${formatDate(ctx.hoje)} você autorizou o compartilhamento do seu nome e CPF com ${clube.nome} ` +
            `para acessar o clube de benefícios. Protocolo ${protocolo.numero}. ` +
            'Para revogar, fale com nossos canais de atendimento.',
        );
        return {
          webSmartLink: link.toString(),
          expiraEm: new Date(exp * 1000).toISOString(),
          protocolo: protocolo.numero,
          prazoResposta: protocolo.prazoResposta,
        };
      },
    });
  }
}
