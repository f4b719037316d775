import { formatDate } from '@portal/br';
import type { CadastrarSenhaResponse, ReenviarSmsResponse, Sucesso } from '@portal/contract';
import type { Clock } from '../../clock';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { assertSenhaNaoComum } from '../../lib/senhas-comuns';
import type { Throttle } from '../../lib/tentativas';
import type { AuditRepository, Origin } from '../../core/auditoria/repository';
import type { CanalCodigo } from '../../core/codigos/repository';
import { CONFIRMACAO_VALIDADE_MS, type CodigosService } from '../../core/codigos/service';
import { celularConfere, contatoDivergente, contatoIndisponivel, emailConfere } from '../../core/contas/contato';
import { type Acesso, acessoDaPessoa } from '../../core/contas/acesso';
import type { ContasRepository, PessoaConta } from '../../core/contas/repository';

const CONTA_JA_EXISTE = 'Já existe uma conta com senha para este CPF. Faça login ou recupere sua senha.';
const CONTA_CRIADA = 'Conta criada com sucesso.';

/** What the sign-up needs, built once in services.ts (decision 0007). */
export interface RegistroDeps {
  contas: ContasRepository;
  codigos: CodigosService;
  throttle: Throttle;
  audit: AuditRepository;
  clock: Clock;
}

/** Registration (0002): account, contact confirmed by a code, then the password. */
export class RegistroService {
  constructor(private readonly d: RegistroDeps) {}

  /**
   * A beneficiary without a password yet: an active one, or a former one whose coverage ended less
   * than 5 years ago, whom VerificarCPF lets through too (pentest defect 14: CriarConta refused them,
   * so they never reached their invoices, IR statements or protocols). Its answers tell a member
   * from a non-member, so every registration call spends the IP's CPF look-up budget first (issue 13,
   * defect 4).
   */
  private async beneficiarioSemSenha(cpf: string, origin: Origin): Promise<PessoaConta & { acesso: Acesso }> {
    await this.d.throttle.assertConsultaCpf(origin.ip, cpf);
    const p = await this.d.contas.findPessoa(cpf);
    if (!p) throw new AppError(404, 'CPF_NAO_ENCONTRADO', 'CPF não encontrado em nossa base de beneficiários.');
    const acesso = await acessoDaPessoa(this.d.contas, p, this.d.clock.now());
    if (!acesso)
      throw new AppError(
        404,
        'CPF_NAO_ENCONTRADO',
        'Este CPF não pertence a um beneficiário ativo nem a um plano cancelado nos últimos 5 anos.',
      );
    if (p.senhaHash) throw new AppError(409, 'CONTA_JA_EXISTE', CONTA_JA_EXISTE);
    return { ...p, acesso };
  }

  /**
   * A look-up: checks that the CPF may register and writes nothing (issue 13, defect 4: it used to
   * insert an account row for anyone who asked). The account row is written with the first
   * password (CadastrarSenha), after a confirmed code.
   */
  async criarConta(cpf: string, origin: Origin): Promise<Sucesso> {
    await this.beneficiarioSemSenha(cpf, origin);
    return { sucesso: true, mensagem: CONTA_CRIADA };
  }

  /** CadastrarEmail / CadastrarCelular: the code always goes to the contact on file. Returns the flow cookie. */
  async cadastrarContato(
    cpf: string,
    canal: CanalCodigo,
    digitado: string,
    fluxo: string | undefined,
    origin: Origin,
  ): Promise<{ body: Sucesso; fluxo: string }> {
    const p = await this.beneficiarioSemSenha(cpf, origin);
    const destino = this.contatoNoCadastro(p, canal);
    if (!(await this.confere(p, canal, destino, digitado, origin))) throw contatoDivergente(canal);
    const novoFluxo = await this.d.codigos.send({ cpf, finalidade: 'registro', canal, destino, fluxo, origin });
    const onde = canal === 'email' ? 'seu e-mail' : 'seu celular';
    return { body: { sucesso: true, mensagem: `Código de verificação enviado para ${onde}.` }, fluxo: novoFluxo };
  }

  /**
   * ConfirmarEmail / ConfirmarCelular. A typed contact, when sent, must still be the one on file;
   * a wrong one answers exactly as a wrong code does (and spends one of the code's tries), so this
   * call tells nothing about the contact (issue 13, defect 3).
   */
  async confirmar(
    cpf: string,
    canal: CanalCodigo,
    digitado: string | undefined,
    codigo: string,
    fluxo: string | undefined,
    origin: Origin,
  ): Promise<Sucesso> {
    const p = await this.beneficiarioSemSenha(cpf, origin);
    const recusar = digitado
      ? !(await this.confere(p, canal, this.contatoNoCadastro(p, canal), digitado, origin))
      : false;
    await this.d.codigos.check({ cpf, finalidade: 'registro', canal, codigo, fluxo, origin, recusar });
    return { sucesso: true, mensagem: 'Verificação realizada com sucesso.' };
  }

  /** 200 { sucesso, erro } even when refused (docs/produto/acesso.md, "Calls"), with the refusal's code and wait. */
  async reenviar(cpf: string, fluxo: string | undefined, origin: Origin): Promise<ReenviarSmsResponse> {
    try {
      const p = await this.beneficiarioSemSenha(cpf, origin);
      const aberto = await this.d.codigos.openInFlow({ cpf, finalidade: 'registro', fluxo, origin }).catch(() => {
        throw new AppError(
          422,
          'CODIGO_NAO_CONFIRMADO',
          'Nenhum cadastro em andamento neste navegador. Solicite um novo código.',
        );
      });
      const destino = this.contatoNoCadastro(p, aberto.canal);
      await this.d.codigos.send({ cpf, finalidade: 'registro', canal: aberto.canal, destino, fluxo, origin });
      return { sucesso: true, erro: null };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return err.aguardarSegundos === undefined
        ? { sucesso: false, erro: err.message, code: err.code }
        : { sucesso: false, erro: err.message, code: err.code, aguardarSegundos: err.aguardarSegundos };
    }
  }

  /**
   * Only after a code confirmed in this browser within 15 minutes; uses the confirmation up. A
   * former member is told here, once the code proved the contact theirs, that the plan was
   * cancelled and what they still reach (never before: VerificarCPF and CriarConta answer anyone).
   */
  async cadastrarSenha(
    cpf: string,
    senha: string,
    fluxo: string | undefined,
    origin: Origin,
  ): Promise<CadastrarSenhaResponse> {
    assertSenhaNaoComum(senha); // before the confirmation is used up: the member just picks another
    const p = await this.beneficiarioSemSenha(cpf, origin);
    await this.d.codigos.consumeConfirmed({ cpf, finalidade: 'registro', fluxo, origin }, CONFIRMACAO_VALIDADE_MS);
    const hash = await hashPassword(senha);
    if (!(await this.d.contas.setPrimeiraSenha(cpf, hash, new Date(this.d.clock.now())))) {
      throw new AppError(409, 'CONTA_JA_EXISTE', CONTA_JA_EXISTE);
    }
    if (!p.temConta) await this.d.audit.write('conta_criada', cpf, origin); // /cadastro may skip CriarConta
    await this.d.audit.write('senha_cadastrada', cpf, origin);
    if (p.acesso.ativo) return { sucesso: true, mensagem: CONTA_CRIADA };
    return {
      sucesso: true,
      mensagem: `${CONTA_CRIADA} ${planoCancelado(p.acesso.encerradoEm)}`,
      dataCancelamento: p.acesso.encerradoEm,
    };
  }

  private contatoNoCadastro(p: PessoaConta, canal: CanalCodigo): string {
    const v = canal === 'email' ? p.email : p.celular;
    if (!v) throw contatoIndisponivel(canal);
    return v;
  }

  /**
   * Compares a typed contact with the one on file, only within the CPF's and the IP's budget of
   * wrong contacts (429 before any comparison once it is spent). A wrong one is audited and counted.
   */
  private async confere(
    p: PessoaConta,
    canal: CanalCodigo,
    destino: string,
    digitado: string,
    origin: Origin,
  ): Promise<boolean> {
    const giveBack = await this.d.throttle.reserveContactCheck(p.cpf, origin.ip);
    const ok = canal === 'email' ? emailConfere(destino, digitado) : celularConfere(destino, digitado);
    if (ok) await giveBack();
    else await this.d.audit.write('contato_divergente', p.cpf, origin, { canal });
    return ok;
  }
}

/** What a former member reads when the account is created (decision 0018: what a cancelled profile keeps). */
export function planoCancelado(encerradoEm: string): string {
  return (
    `Seu plano foi cancelado em ${formatDate(encerradoEm)}. No portal você continua acessando faturas, ` +
    'recibos, informes de Imposto de Renda, a declaração de quitação, seus protocolos e seus dados pessoais (LGPD).'
  );
}
