import { maskEmail, maskPhone } from '@portal/br';
import type { AutenticarResponse, PerfilConta, VerificarCpfResponse } from '@portal/contract';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { randomSessionCode, randomToken, sha256 } from '../../lib/crypto';
import { type Contadores, semContadores } from '../../lib/metricas';
import { verifyPassword } from '../../lib/password';
import type { Throttle } from '../../lib/tentativas';
import type { AuditRepository, Origin } from '../../core/auditoria/repository';
import { acessoDaPessoa } from '../../core/contas/acesso';
import type { ContasRepository, PerfilRow, PessoaConta } from '../../core/contas/repository';
import { type Membro, tipoPerfil } from '../../core/sessao/membro';
import type { PreAutenticacao } from './pre-autenticacao';
import type { SessionsRepository } from '../../core/sessao/repository';
import type { SessionService } from '../../core/sessao/service';

const tipoDe = (p: Pick<PerfilRow, 'tipo' | 'responsavel_financeiro'>) =>
  tipoPerfil({ tipo: p.tipo, responsavelFinanceiro: p.responsavel_financeiro });

function falha(erro: string): AutenticarResponse {
  return {
    sucesso: false,
    erro,
    codigoSessao: null,
    nome: '',
    email: '',
    celular: '',
    tipoPerfil: '',
    dataNascimento: '',
    codigoBeneficiario: '',
    codigoPlano: '',
    codigoContrato: '',
    responsavelFinanceiro: false,
    produtos: [],
    beneficiariosAssociados: [],
    sessaoExpiraEm: null,
  };
}

export const SENHA_INCORRETA = 'Senha incorreta.';
export const PERFIL_INEXISTENTE = 'Perfil não encontrado para este CPF. Escolha um dos perfis disponíveis.';

/** What the sign-in needs, built once in services.ts (decision 0007). */
export interface LoginDeps {
  contas: ContasRepository;
  sessions: SessionsRepository;
  sessoes: SessionService;
  preAutenticacao: PreAutenticacao;
  throttle: Throttle;
  audit: AuditRepository;
  clock: Clock;
  config: Pick<Config, 'session'>;
  /** Logins ok / refused / locked, one per audit row of the same kind (metrics, decision 0051). */
  contadores?: Pick<Contadores, 'login'>;
}

export class LoginService {
  private readonly contadores: Pick<Contadores, 'login'>;

  constructor(private readonly d: LoginDeps) {
    this.contadores = d.contadores ?? semContadores;
  }

  async verificarCpf(cpf: string, origin: Origin): Promise<VerificarCpfResponse> {
    await this.d.throttle.assertConsultaCpf(origin.ip, cpf);
    const p = await this.d.contas.findPessoa(cpf);
    if (!p) throw new AppError(404, 'CPF_NAO_ENCONTRADO', 'CPF não encontrado em nossa base de beneficiários.');
    if (!(await acessoDaPessoa(this.d.contas, p, this.d.clock.now()))) {
      // Someone in the base who is not a member (nor a former one within 5 years) learns nothing more.
      return {
        sucesso: true,
        erro: null,
        beneficiario: false,
        nome: '',
        email: '',
        celular: '',
        temContaNoApp: false,
        temSenhaCadastrada: false,
      };
    }
    return {
      sucesso: true,
      erro: null,
      beneficiario: true,
      nome: p.nome,
      email: maskEmail(p.email),
      celular: p.celular ? maskPhone(p.celular) : '',
      temContaNoApp: p.temConta,
      temSenhaCadastrada: p.senhaHash !== null,
    };
  }

  /**
   * The password check behind PerfisDaConta and Autenticar: throttled per CPF and IP, always
   * hashes (dummy when there is no account), counts one failure per wrong try.
   */
  private async checkPassword(cpf: string, senha: string, origin: Origin): Promise<PessoaConta | null> {
    try {
      await this.d.throttle.assertMayTryPassword(cpf, origin.ip);
    } catch (err) {
      if (err instanceof AppError) {
        this.contadores.login('bloqueado');
        await this.d.audit.write('login_bloqueado', cpf, origin, { aguardarSegundos: err.aguardarSegundos });
      }
      throw err;
    }
    const done = await this.d.throttle.enterPasswordCheck(cpf);
    try {
      const p = await this.d.contas.findPessoa(cpf);
      if (await verifyPassword(p?.senhaHash, senha)) return p;
      await this.d.throttle.recordPasswordFailure(cpf, origin.ip);
      this.contadores.login('recusado');
      await this.d.audit.write('login_falha', cpf, origin, { motivo: p?.senhaHash ? 'senha_incorreta' : 'sem_conta' });
      return null;
    } finally {
      await done();
    }
  }

  /**
   * Wrong password → [] (docs/produto/acesso.md, "Calls": an empty list is invalid credentials). A right one also answers
   * the pre-authentication proof that lets Autenticar skip the second hash.
   */
  async perfisDaConta(
    cpf: string,
    senha: string,
    origin: Origin,
  ): Promise<{ perfis: PerfilConta[]; preAuth?: string }> {
    const p = await this.checkPassword(cpf, senha, origin);
    if (!p) return { perfis: [] };
    const linhas = await this.d.contas.listPerfis(cpf);
    const preAuth = linhas.length > 0 ? await this.d.preAutenticacao.emitir(cpf, senha) : undefined;
    const perfis = linhas.map((r) => ({
      tipoPerfil: tipoDe(r),
      codigoPlano: r.codigo_plano,
      codigoContrato: r.codigo_contrato,
      dataInicioVigencia: r.data_inicio_vigencia,
      dataCancelamento: r.data_cancelamento,
      perfilAutenticado: null,
      nome: p.nome,
      cpf: p.cpf,
      numeroCarteirinha: r.codigo_beneficiario,
      coparticipativo: r.coparticipativo,
    }));
    return { perfis, preAuth };
  }

  /** Opens a session on one of the CPF's own profiles. Returns the response and the cookie to set. */
  async autenticar(
    req: { cpf: string; senha: string; codigoPlano: string; codigoContrato: string },
    origin: Origin,
    preAuth?: string,
  ): Promise<{ body: AutenticarResponse; cookie?: string }> {
    // The same browser passed PerfisDaConta with this password a moment ago: no second hash.
    const p = (await this.d.preAutenticacao.consumir(preAuth, req.cpf, req.senha))
      ? await this.d.contas.findPessoa(req.cpf)
      : await this.checkPassword(req.cpf, req.senha, origin);
    if (!p) return { body: falha(SENHA_INCORRETA) };
    // Only the CPF's own links: a CPF never opens a session on someone else's contract.
    const perfil = (await this.d.contas.listPerfis(req.cpf)).find(
      (r) => r.codigo_contrato === req.codigoContrato.trim() && r.codigo_plano === req.codigoPlano.trim(),
    );
    if (!perfil) {
      this.contadores.login('recusado');
      await this.d.audit.write('login_falha', req.cpf, origin, { motivo: 'perfil_inexistente' });
      return { body: falha(PERFIL_INEXISTENTE) };
    }
    await this.d.throttle.clearPasswordFailures(req.cpf);

    const now = this.d.clock.now();
    const cookie = randomToken();
    const codigoSessao = randomSessionCode();
    const expiraEm = new Date(now + this.d.config.session.maxSeconds * 1000);
    await this.d.sessions.insert({
      codigoSessao,
      cookieHash: sha256(cookie),
      cpf: req.cpf,
      codigoContrato: perfil.codigo_contrato,
      codigoBeneficiario: perfil.codigo_beneficiario,
      at: new Date(now),
      expiraEm,
      ip: origin.ip,
      userAgent: origin.userAgent,
    });
    const tipo = tipoDe(perfil);
    const veTodos = perfil.tipo === 'TITULAR' || perfil.responsavel_financeiro;
    const associados = await this.d.contas.beneficiariosDoContrato(
      perfil.codigo_contrato,
      veTodos ? undefined : perfil.codigo_beneficiario,
    );
    this.contadores.login('ok');
    await this.d.audit.write('login_ok', req.cpf, origin, { codigoContrato: perfil.codigo_contrato, tipoPerfil: tipo });
    return {
      cookie,
      body: {
        sucesso: true,
        erro: null,
        codigoSessao,
        nome: p.nome,
        email: p.email ?? '',
        celular: p.celular ?? '',
        tipoPerfil: tipo,
        dataNascimento: p.dataNascimento ?? '',
        codigoBeneficiario: perfil.codigo_beneficiario,
        codigoPlano: perfil.codigo_plano,
        codigoContrato: perfil.codigo_contrato,
        responsavelFinanceiro: perfil.responsavel_financeiro,
        produtos: [
          {
            nome: perfil.plano_nome,
            dataInicioVigencia: perfil.data_inicio_vigencia,
            coparticipativo: perfil.coparticipativo,
          },
        ],
        beneficiariosAssociados: associados.map((b) => ({
          codigoBeneficiario: b.codigo_beneficiario,
          nome: b.nome,
          padraoConforto: b.acomodacao,
        })),
        sessaoExpiraEm: expiraEm.toISOString(),
      },
    };
  }

  async sair(membro: Membro, cookie: string, origin: Origin): Promise<void> {
    await this.d.sessoes.encerrar(cookie, membro.codigoSessao);
    await this.d.audit.write('logout', membro.cpf, origin);
  }
}
