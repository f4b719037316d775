import { randomBytes, randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { type ContaEquipe, LIMITES, type PapelEquipe, SENHA_COMUM } from '@portal/contract';
import type { Clock } from '../../clock';
import { AppError, dadosInvalidos, MENSAGEM_SESSAO_INVALIDA } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/crypto';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { Origin } from '../../lib/request';
import { senhaComum } from '../../lib/senhas-comuns';
import type { TentativaDaEquipe, Throttle } from '../../lib/tentativas';
import type { Cofre } from '../../lib/selagem';
import type { DispositivosConhecidos } from './dispositivo';
import type { ContaRow, EquipeRepository } from './repository';

/** Decision 0033: the numbers of the staff sign-in. */
export const PRE_AUTENTICACAO_MS = 5 * 60_000;
export const SESSAO_MAXIMA_MS = 10 * 3600_000;
/** Wrong current passwords in 'Trocar senha' that lock the account (sign-in has limits of its own: lib/tentativas.ts). */
export const SENHAS_ERRADAS_ATE_BLOQUEIO = 5;
export const BLOQUEIO_MS = 15 * 60_000;
export const CODIGOS_ERRADOS_POR_ENTRADA = 5;
/** RFC 6238 as every authenticator app reads it: SHA1, 6 digits, 30 s; one step either side is accepted. */
const PERIODO_S = 30;
const JANELA = 1;

export const MENSAGEM_CREDENCIAL = 'E-mail ou senha inválidos.';
export const MENSAGEM_CODIGO = 'Código inválido.';
const MENSAGEM_BLOQUEIO =
  'Conta bloqueada por excesso de tentativas. Tente novamente em 15 minutos ou peça ajuda a um administrador.';

const MENSAGEM_ETAPA_EXPIRADA = 'A etapa do código expirou. Entre novamente com e-mail e senha.';
const etapaExpirada = () => new AppError(401, 'SESSAO_INVALIDA', MENSAGEM_ETAPA_EXPIRADA);

const credencialInvalida = () => new AppError(401, 'CREDENCIAL_INVALIDA', MENSAGEM_CREDENCIAL);
const sessaoInvalida = () => new AppError(401, 'SESSAO_INVALIDA', MENSAGEM_SESSAO_INVALIDA);
const bloqueada = (ate: Date, agora: number) =>
  new AppError(423, 'CONTA_BLOQUEADA', MENSAGEM_BLOQUEIO, Math.max(1, Math.ceil((ate.getTime() - agora) / 1000)));

/** A staff member past the console's hook: who, and the session's hash (sign-out). */
export interface EquipeAutenticada {
  conta: ContaEquipe;
  expiraEm: string;
  sessaoHash: string;
}

export interface EquipeServiceDeps {
  repo: EquipeRepository;
  /** Seals the TOTP secrets (a key derived from the sealing key, lib/selagem.ts; issue 30). */
  cofre: Cofre;
  /** Signs and reads the known-device cookies (its own key derived from the sealing key). */
  dispositivos: DispositivosConhecidos;
  throttle: Throttle;
  clock: Clock;
  /** The issuer shown in the authenticator app (the operator's name). */
  operadora: { nome: string };
  ociosidadeMinutos: number;
}

const contaPublica = (c: Pick<ContaRow, 'id' | 'nome' | 'email' | 'papel'>): ContaEquipe => ({
  id: c.id,
  nome: c.nome,
  email: c.email,
  papel: c.papel,
});

/** A one-time password for the CLI to print: 16 characters of base64url (96 random bits). */
const senhaProvisoria = () => randomBytes(12).toString('base64url');

/**
 * The staff accounts of the console (issue 17, decision 0033): created by the CLI, signed in with
 * an argon2id password and then a TOTP code, with sessions of their own (idle timeout, 10 h at most).
 */
export class EquipeService {
  constructor(private readonly d: EquipeServiceDeps) {}

  private totp(conta: Pick<ContaRow, 'email' | 'totpSegredo'>): TOTP {
    return new TOTP({
      issuer: this.d.operadora.nome,
      label: conta.email,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIODO_S,
      secret: Secret.fromBase32(this.d.cofre.abrir(conta.totpSegredo)),
    });
  }

  /** The enrolment to show: the otpauth:// URI (a QR code) and the secret in base32. */
  private cadastro(conta: Pick<ContaRow, 'email' | 'totpSegredo'>) {
    const totp = this.totp(conta);
    return { otpauthUri: totp.toString(), segredo: totp.secret.base32 };
  }

  // --- the CLI --------------------------------------------------------------------------------

  async criarConta(c: { email: string; nome: string; papel: PapelEquipe }) {
    const senha = senhaProvisoria();
    const segredo = new Secret({ size: 20 }).base32;
    const conta = {
      id: randomUUID(),
      email: c.email.trim().toLowerCase(),
      nome: c.nome.trim(),
      papel: c.papel,
      senhaHash: await hashPassword(senha),
      totpSegredo: this.d.cofre.selar(segredo),
      em: new Date(this.d.clock.now()),
    };
    if (!(await this.d.repo.criarConta(conta))) return null;
    return { conta: contaPublica(conta), senha, ...this.cadastro(conta) };
  }

  contas() {
    return this.d.repo.contas();
  }

  async desativar(email: string): Promise<boolean> {
    const id = await this.d.repo.desativar(email.trim().toLowerCase(), new Date(this.d.clock.now()));
    if (id) await this.d.repo.encerrarSessoesDaConta(id, new Date(this.d.clock.now()));
    return id !== null;
  }

  /** A new one-time password and a new TOTP secret; every open session of the account ends. */
  async redefinir(email: string) {
    const conta = await this.d.repo.contaPorEmail(email.trim().toLowerCase());
    if (!conta) return null;
    const senha = senhaProvisoria();
    const totpSegredo = this.d.cofre.selar(new Secret({ size: 20 }).base32);
    await this.d.repo.redefinir(conta.email, await hashPassword(senha), totpSegredo);
    await this.d.repo.encerrarSessoesDaConta(conta.id, new Date(this.d.clock.now()));
    return { conta: contaPublica(conta), senha, ...this.cadastro({ email: conta.email, totpSegredo }) };
  }

  // --- sign-in --------------------------------------------------------------------------------

  private async auditar(evento: string, contaId: string | null, origin: Origin, detalhe: Record<string, unknown> = {}) {
    await this.d.repo.auditar({
      em: new Date(this.d.clock.now()),
      contaId,
      evento,
      ip: origin.ip,
      userAgent: origin.userAgent,
      detalhe,
    });
  }

  /**
   * Who tries: the typed e-mail, the IP and — only when the browser holds a known-device cookie of
   * this very account — the device's id.
   */
  private tentativa(email: string, origin: Origin, contaId: string | null, cookieDoDispositivo: string | undefined) {
    const dispositivo = contaId ? this.d.dispositivos.ler(cookieDoDispositivo, contaId, this.d.clock.now()) : null;
    return { email, ip: origin.ip, dispositivo } satisfies TentativaDaEquipe;
  }

  /**
   * The password (decision 0033, amended after the penetration test's defect 4). Unknown,
   * deactivated and wrong answer alike, with the same work (a dummy hash is checked when there is
   * no account) and the same limits (keyed by the typed e-mail: lib/tentativas.ts), so neither the
   * answers nor their sequence tell whether an account exists; a wrong password never locks the
   * account. Right: a pre-auth token (cookie pb_equipe_pre) and what the next step shows — or 423
   * while 'Trocar senha' has the account locked (only a right password learns that).
   */
  async entrar(emailDigitado: string, senha: string, origin: Origin, cookieDoDispositivo?: string) {
    const email = emailDigitado.trim().toLowerCase();
    const agora = this.d.clock.now();
    const encontrada = await this.d.repo.contaPorEmail(email);
    const conta = encontrada && !encontrada.desativadaEm ? encontrada : null;
    const quem = this.tentativa(email, origin, conta?.id ?? null, cookieDoDispositivo);
    // The typed e-mail goes to the trail only when it names no account (the account says it otherwise).
    const detalhe = conta ? {} : { email };
    // A try refused by a limit writes nothing (it costs the guesser nothing either: no flood of rows).
    const devolver = await this.d.throttle.reservarEntradaEquipe(quem);
    const certa = await verifyPassword(conta?.senhaHash, senha);
    if (!conta || !certa) {
      await this.auditar('equipe_senha_errada', conta?.id ?? null, origin, detalhe);
      throw credencialInvalida();
    }
    await devolver();
    if (conta.bloqueadaAte && conta.bloqueadaAte.getTime() > agora) {
      await this.auditar('equipe_entrada_bloqueada', conta.id, origin);
      throw bloqueada(conta.bloqueadaAte, agora);
    }
    await this.d.repo.limparFalhas(conta.id);
    const token = randomToken();
    await this.d.repo.criarPreAutenticacao(sha256(token), conta.id, new Date(agora + PRE_AUTENTICACAO_MS));
    const etapa = conta.totpConfirmadoEm
      ? ({ etapa: 'totp' } as const)
      : ({ etapa: 'cadastrar-totp', ...this.cadastro(conta) } as const);
    return { token, resposta: etapa };
  }

  /**
   * The TOTP code of the pre-auth step. Right (and not a step already used): the session, and the
   * enrolment confirmed when it was the first code — or, while the password is still the CLI's
   * one-time one, the step 'trocar-senha' (no session yet). Wrong: 401; the 5th wrong code ends the step.
   */
  async confirmarTotp(preToken: string | undefined, codigo: string, origin: Origin, cookieDoDispositivo?: string) {
    const hash = preToken ? sha256(preToken) : null;
    const pre = hash ? await this.d.repo.preAutenticacao(hash) : null;
    const agora = this.d.clock.now();
    if (!hash || !pre || pre.expiraEm.getTime() <= agora) {
      if (hash) await this.d.repo.apagarPreAutenticacao(hash);
      throw etapaExpirada();
    }
    const conta = await this.d.repo.contaPorId(pre.contaId);
    if (!conta || conta.desativadaEm) {
      await this.d.repo.apagarPreAutenticacao(hash);
      throw etapaExpirada();
    }
    const delta = this.totp(conta).validate({ token: codigo, timestamp: agora, window: JANELA });
    const passo = Math.floor(agora / 1000 / PERIODO_S) + (delta ?? 0);
    const aceito = delta !== null && (await this.d.repo.aceitarPasso(conta.id, passo, new Date(agora)));
    const quem = this.tentativa(conta.email, origin, conta.id, cookieDoDispositivo);
    if (!aceito) {
      await this.d.throttle.registrarFalhaEquipe(quem);
      await this.auditar('equipe_codigo_errado', conta.id, origin, { repetido: delta !== null });
      if ((await this.d.repo.falhaNaPreAutenticacao(hash)) >= CODIGOS_ERRADOS_POR_ENTRADA) {
        await this.d.repo.apagarPreAutenticacao(hash);
        throw new AppError(
          401,
          'CODIGO_INVALIDO',
          'Código inválido. Tentativas esgotadas: entre novamente com e-mail e senha.',
        );
      }
      throw new AppError(401, 'CODIGO_INVALIDO', MENSAGEM_CODIGO);
    }
    if (conta.senhaProvisoria) {
      await this.d.repo.aceitarCodigoNaPreAutenticacao(hash, new Date(agora), new Date(agora + PRE_AUTENTICACAO_MS));
      await this.auditar('equipe_codigo_aceito', conta.id, origin, {
        cadastrouTotp: !conta.totpConfirmadoEm,
        senhaProvisoria: true,
      });
      return { etapa: 'trocar-senha' as const };
    }
    await this.d.repo.apagarPreAutenticacao(hash);
    await this.d.throttle.limparFalhasEquipe(quem);
    return this.abrirSessao(conta, agora, origin, { cadastrouTotp: !conta.totpConfirmadoEm });
  }

  /**
   * The last step of a first sign-in (or of one after `redefinir`): the person's own password in
   * place of the one-time one, then the session. Only after the step's code was accepted; refused
   * when too short, common, equal to the one-time one or holding the e-mail's name (400).
   */
  async definirSenha(preToken: string | undefined, senha: string, origin: Origin, cookieDoDispositivo?: string) {
    const hash = preToken ? sha256(preToken) : null;
    const pre = hash ? await this.d.repo.preAutenticacao(hash) : null;
    const agora = this.d.clock.now();
    const conta =
      pre?.codigoAceitoEm && pre.expiraEm.getTime() > agora ? await this.d.repo.contaPorId(pre.contaId) : null;
    if (!hash || !conta || conta.desativadaEm || !conta.senhaProvisoria) {
      if (hash) await this.d.repo.apagarPreAutenticacao(hash);
      throw etapaExpirada();
    }
    await this.conferirSenhaPropria(conta, senha);
    if (!(await this.d.repo.definirSenhaPropria(conta.id, await hashPassword(senha)))) {
      await this.d.repo.apagarPreAutenticacao(hash);
      throw etapaExpirada();
    }
    await this.d.repo.apagarPreAutenticacao(hash);
    await this.d.throttle.limparFalhasEquipe(this.tentativa(conta.email, origin, conta.id, cookieDoDispositivo));
    await this.auditar('equipe_definiu_senha', conta.id, origin);
    return this.abrirSessao(conta, agora, origin, { definiuSenha: true });
  }

  /**
   * A signed-in person changes their own password (decision 0033): the current password and a fresh
   * code of the authenticator app first — a screen left open is not enough. A wrong password counts
   * toward the account's lock as at sign-in, and the lock ends every session; a wrong or replayed code
   * is refused. Then the same rules as a first password (and not the current one); the account's other
   * sessions end, this one goes on.
   */
  async trocarSenha(
    equipe: EquipeAutenticada,
    pedido: { senhaAtual: string; novaSenha: string; codigo: string },
    origin: Origin,
  ): Promise<void> {
    const agora = this.d.clock.now();
    await this.d.throttle.assertTrocaDeSenhaEquipe(equipe.conta.id);
    const conta = await this.d.repo.contaPorId(equipe.conta.id);
    if (!conta || conta.desativadaEm) throw sessaoInvalida();
    if (!(await verifyPassword(conta.senhaHash, pedido.senhaAtual))) {
      await this.d.throttle.registrarTrocaRecusadaEquipe(conta.id);
      const ate = await this.d.repo.registrarFalhaDeSenha(
        conta.id,
        SENHAS_ERRADAS_ATE_BLOQUEIO,
        new Date(agora + BLOQUEIO_MS),
      );
      await this.auditar('equipe_troca_de_senha_recusada', conta.id, origin, { motivo: 'senha_atual' });
      if (ate && ate.getTime() > agora) {
        await this.d.repo.encerrarSessoesDaConta(conta.id, new Date(agora));
        throw bloqueada(ate, agora);
      }
      throw dadosInvalidos('Senha atual incorreta.');
    }
    const delta = this.totp(conta).validate({ token: pedido.codigo, timestamp: agora, window: JANELA });
    const passo = Math.floor(agora / 1000 / PERIODO_S) + (delta ?? 0);
    if (delta === null || !(await this.d.repo.aceitarPasso(conta.id, passo, new Date(agora)))) {
      await this.d.throttle.registrarTrocaRecusadaEquipe(conta.id);
      await this.auditar('equipe_troca_de_senha_recusada', conta.id, origin, {
        motivo: 'codigo',
        repetido: delta !== null,
      });
      throw dadosInvalidos(MENSAGEM_CODIGO);
    }
    await this.d.repo.limparFalhas(conta.id);
    await this.conferirSenhaPropria(conta, pedido.novaSenha, 'Escolha uma senha diferente da atual.');
    await this.d.repo.trocarSenha(conta.id, await hashPassword(pedido.novaSenha));
    const encerradas = await this.d.repo.encerrarOutrasSessoes(conta.id, equipe.sessaoHash, new Date(agora));
    await this.auditar('equipe_trocou_senha', conta.id, origin, { outrasSessoesEncerradas: encerradas });
  }

  private async conferirSenhaPropria(
    conta: ContaRow,
    senha: string,
    igual = 'Escolha uma senha diferente da provisória.',
  ): Promise<void> {
    if (senha.length < LIMITES.senhaEquipeMinima)
      throw dadosInvalidos(`A senha deve ter pelo menos ${LIMITES.senhaEquipeMinima} caracteres.`);
    if (senhaComum(senha)) throw dadosInvalidos(SENHA_COMUM);
    const nome = conta.email.split('@')[0] ?? '';
    if (nome.length >= 4 && senha.toLowerCase().includes(nome))
      throw dadosInvalidos('A senha não pode conter o seu e-mail.');
    if (await verifyPassword(conta.senhaHash, senha)) throw dadosInvalidos(igual);
  }

  private async abrirSessao(conta: ContaRow, agora: number, origin: Origin, detalhe: Record<string, unknown>) {
    const token = randomToken();
    const em = new Date(agora);
    const fim = new Date(agora + SESSAO_MAXIMA_MS);
    await this.d.repo.criarSessao(sha256(token), conta.id, em, fim);
    await this.auditar('equipe_entrou', conta.id, origin, detalhe);
    return {
      token,
      /** The known-device cookie this browser gets (renewed at every sign-in). */
      dispositivo: this.d.dispositivos.emitir(conta.id, agora),
      conta: contaPublica(conta),
      expiraEm: this.expiraEm(em, fim).toISOString(),
    };
  }

  private expiraEm(ultimoUso: Date, fim: Date): Date {
    return new Date(Math.min(ultimoUso.getTime() + this.d.ociosidadeMinutos * 60_000, fim.getTime()));
  }

  /**
   * The console's hook: the pb_equipe cookie names an open session of an active account with a
   * confirmed TOTP, used within the idle time and younger than 10 h; else 401. Each call restarts
   * the idle clock.
   */
  async autenticar(token: string | undefined): Promise<EquipeAutenticada> {
    if (!token) throw sessaoInvalida();
    const hash = sha256(token);
    const s = await this.d.repo.sessao(hash);
    const agora = this.d.clock.now();
    if (!s) throw sessaoInvalida();
    if (this.expiraEm(s.ultimoUsoEm, s.expiraEm).getTime() <= agora) {
      await this.d.repo.encerrarSessao(hash, new Date(agora));
      throw sessaoInvalida();
    }
    await this.d.repo.tocarSessao(hash, new Date(agora));
    return {
      conta: contaPublica({ id: s.contaId, nome: s.nome, email: s.email, papel: s.papel }),
      expiraEm: this.expiraEm(new Date(agora), s.expiraEm).toISOString(),
      sessaoHash: hash,
    };
  }

  /** Staff sessions alive now, in every instance (metrics): open, before their end, used within the idle time. */
  async sessoesAtivas(): Promise<number> {
    const agora = this.d.clock.now();
    return this.d.repo.sessoesAtivas(new Date(agora), new Date(agora - this.d.ociosidadeMinutos * 60_000));
  }

  async sair(equipe: EquipeAutenticada, origin: Origin): Promise<void> {
    await this.d.repo.encerrarSessao(equipe.sessaoHash, new Date(this.d.clock.now()));
    await this.auditar('equipe_saiu', equipe.conta.id, origin);
  }
}

/** Who acts, as the services and the audit trail take it. */
export interface QuemAtende {
  equipe: EquipeAutenticada;
  origin: Origin;
}
