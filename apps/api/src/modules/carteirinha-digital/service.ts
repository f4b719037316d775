import { randomInt } from 'node:crypto';
import { diaEmSaoPaulo, formatDate } from '@portal/br';
import {
  type Carteirinha,
  cartaoValidoEm,
  CODIGO_VERIFICACAO_ALFABETO,
  CODIGO_VERIFICACAO_TAMANHO,
  type GerarQrCodeResponse,
  type Operadora,
  QR_VALIDADE_SEGUNDOS,
  type SituacaoVerificacao,
  type VerificarCarteirinhaResponse,
} from '@portal/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock';
import { AppError } from '../../lib/app-error';
import type { Throttle } from '../../lib/tentativas';
import type { AuditRepository, Origin } from '../../core/auditoria/repository';
import type { CarteirinhaRepository } from '../carteirinha';
import type { Arquivo } from '../../lib/pdf/arquivo';
import type { Membro } from '../../core/sessao/membro';
import { gerarCarteirinhaPdf } from './pdf';
import type { CartaoDoQr, CarteirinhaDigitalRepository } from './repository';

/** What the clinic typed or scanned, as the request schema read it. */
export type Prova = { tipo: 'qr'; valor: string } | { tipo: 'codigo'; valor: string };

const cartaoNaoEncontrado = () => new AppError(404, 'NAO_ENCONTRADO', 'Carteirinha não encontrada neste contrato.');

function novoJti(): string {
  let s = '';
  for (let i = 0; i < CODIGO_VERIFICACAO_TAMANHO; i++) s += CODIGO_VERIFICACAO_ALFABETO[randomInt(32)];
  return s;
}

/** What the digital card needs, built once in services.ts (decision 0007). */
export interface CarteirinhaDigitalDeps {
  carteirinhas: CarteirinhaRepository;
  repo: CarteirinhaDigitalRepository;
  audit: AuditRepository;
  throttle: Throttle;
  operadora: Operadora;
  secret: string;
  clock: Clock;
}

/**
 * The digital card (decision 0016): a short-lived signed proof of one card for its QR code (HS256
 * JWT: sub = card number, jti, exp; the jti doubles as the code to type), the public check of such
 * a proof, and the card as a PDF. Cards are read through the member (CarteirinhaRepository), so a
 * card of another contract, or a relative's for a dependant, is "not found".
 */
export class CarteirinhaDigitalService {
  private readonly chave: Uint8Array;

  constructor(private readonly d: CarteirinhaDigitalDeps) {
    this.chave = new TextEncoder().encode(d.secret);
  }

  private async cartao(membro: Membro, numeroCarteirinha: string): Promise<Carteirinha> {
    const cartao = (await this.d.carteirinhas.listar(membro)).find((c) => c.numeroCarteirinha === numeroCarteirinha);
    if (!cartao) throw cartaoNaoEncontrado();
    return cartao;
  }

  async gerarQrCode(membro: Membro, numeroCarteirinha: string): Promise<GerarQrCodeResponse> {
    const cartao = await this.cartao(membro, numeroCarteirinha);
    const agora = this.d.clock.now();
    if (!cartaoValidoEm(cartao, diaEmSaoPaulo(agora))) {
      throw new AppError(
        422,
        'CARTEIRINHA_INATIVA',
        'Esta carteirinha não está ativa, por isso não tem QR Code de verificação.',
      );
    }
    const iat = Math.floor(agora / 1000);
    const exp = iat + QR_VALIDADE_SEGUNDOS;
    let jti = novoJti();
    // 32^8 codes: a collision with a live one is rare; a few draws settle it.
    for (let tentativa = 0; ; tentativa++) {
      const ok = await this.d.repo.registrar({
        jti,
        codigoBeneficiario: cartao.numeroCarteirinha,
        codigoSessao: membro.codigoSessao,
        emitidoEm: new Date(iat * 1000),
        expiraEm: new Date(exp * 1000),
      });
      if (ok) break;
      if (tentativa >= 4) throw new Error('carteirinha_qr: no free jti after 5 draws');
      jti = novoJti();
    }
    // Header, subject, id and times only: the QR shows nothing a scanner could read without us.
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(cartao.numeroCarteirinha)
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.chave);
    return {
      token,
      codigo: jti,
      emitidoEm: new Date(iat * 1000).toISOString(),
      expiraEm: new Date(exp * 1000).toISOString(),
      validadeSegundos: QR_VALIDADE_SEGUNDOS,
    };
  }

  /**
   * What a clinic learns from a QR token or typed code: whether the card covers today, and whose it
   * is (name and plan) — only for a genuine proof that has not expired. Every check counts against
   * the caller's IP (typed codes must not be guessable) and is audited.
   */
  async verificar(prova: Prova, origin: Origin): Promise<VerificarCarteirinhaResponse> {
    await this.d.throttle.assertVerificacaoCarteirinha(origin.ip);
    const agora = this.d.clock.now();
    const dia = diaEmSaoPaulo(agora);
    const resposta = (
      situacao: SituacaoVerificacao,
      mensagem: string,
      cartao: CartaoDoQr | null = null,
    ): VerificarCarteirinhaResponse => ({
      situacao,
      mensagem,
      verificadoEm: new Date(agora).toISOString(),
      dia,
      beneficiario: cartao
        ? {
            nome: cartao.nome,
            nomeSocial: cartao.nomeSocial,
            plano: cartao.plano,
            registroAnsPlano: cartao.registroAnsPlano,
          }
        : null,
    });
    const invalida = () =>
      resposta(
        'INVALIDA',
        prova.tipo === 'qr'
          ? `QR Code inválido: ele não foi emitido pela ${this.d.operadora.nome} ou foi alterado.`
          : 'Código não encontrado. Confira as 8 letras e números ou leia o QR Code da carteirinha.',
      );
    const expirada = () =>
      resposta(
        'EXPIRADA',
        `${prova.tipo === 'qr' ? 'Este QR Code' : 'Este código'} expirou. Peça ao beneficiário para abrir ` +
          'a carteirinha digital de novo e mostrar o código atualizado.',
      );

    let jti: string;
    let sub: string | null = null;
    let expirou = false;
    if (prova.tipo === 'qr') {
      try {
        const { payload } = await jwtVerify(prova.valor, this.chave, {
          algorithms: ['HS256'],
          currentDate: new Date(agora),
          requiredClaims: ['sub', 'jti', 'exp'],
        });
        jti = payload.jti!;
        sub = payload.sub!;
      } catch (e) {
        // jose checks the signature before the claims: only a genuine token can be "expired".
        if (!(e instanceof errors.JWTExpired) || typeof e.payload.jti !== 'string') {
          return this.registrar(invalida(), prova, origin, null);
        }
        jti = e.payload.jti;
        sub = typeof e.payload.sub === 'string' ? e.payload.sub : null;
        expirou = true;
      }
    } else {
      jti = prova.valor;
    }

    const cartao = await this.d.repo.porJti(jti);
    // A token must also have been handed out by us, for the card it names.
    if (!cartao || (sub !== null && sub !== cartao.codigoBeneficiario)) {
      return this.registrar(invalida(), prova, origin, null);
    }
    if (expirou || cartao.expiraEm.getTime() <= agora) return this.registrar(expirada(), prova, origin, cartao);
    if (!cartao.ativo || !cartaoValidoEm(cartao, dia)) {
      return this.registrar(
        resposta(
          'INATIVA',
          `Carteirinha sem cobertura: o plano deste beneficiário não está ativo hoje, ${formatDate(dia)}.`,
          cartao,
        ),
        prova,
        origin,
        cartao,
      );
    }
    return this.registrar(
      resposta('VALIDA', `Carteirinha válida hoje, ${formatDate(dia)}.`, cartao),
      prova,
      origin,
      cartao,
    );
  }

  private async registrar(
    r: VerificarCarteirinhaResponse,
    prova: Prova,
    origin: Origin,
    cartao: CartaoDoQr | null,
  ): Promise<VerificarCarteirinhaResponse> {
    // Never the token or the code (they prove the card while they live): the card number instead.
    await this.d.audit.write('carteirinha_verificada', cartao?.cpf ?? null, origin, {
      situacao: r.situacao,
      via: prova.tipo,
      numeroCarteirinha: cartao?.codigoBeneficiario ?? null,
    });
    return r;
  }

  /** The card as a tagged PDF (decision 0010's builder), for a card the member may see. */
  async pdf(membro: Membro, numeroCarteirinha: string): Promise<Arquivo> {
    const cartao = await this.cartao(membro, numeroCarteirinha);
    const agora = this.d.clock.now();
    const pdf = await gerarCarteirinhaPdf({
      operadora: this.d.operadora,
      emitidoEm: new Date(agora),
      hoje: diaEmSaoPaulo(agora),
      cartao,
    });
    return { pdf, nome: `carteirinha-${cartao.numeroCarteirinha}.pdf` };
  }
}
