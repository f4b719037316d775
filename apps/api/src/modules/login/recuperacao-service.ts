import type { Sucesso, TipoSolicitacao } from '@portal/contract';
import type { Clock } from '../../clock';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { assertSenhaNaoComum } from '../../lib/senhas-comuns';
import type { Throttle } from '../../lib/tentativas';
import type { AuditRepository, Origin } from '../../core/auditoria/repository';
import type { CanalCodigo } from '../../core/codigos/repository';
import type { CodigosService } from '../../core/codigos/service';
import { contatoIndisponivel } from '../../core/contas/contato';
import type { ContasRepository } from '../../core/contas/repository';
import type { SessionService } from '../../core/sessao/service';
import type { PreAutenticacao } from './pre-autenticacao';

const canalDe = (t: TipoSolicitacao): CanalCodigo => (t === 'email' ? 'email' : 'sms');

/** What the password recovery needs, built once in services.ts (decision 0007). */
export interface RecuperacaoDeps {
  contas: ContasRepository;
  codigos: CodigosService;
  sessoes: SessionService;
  preAutenticacao: PreAutenticacao;
  throttle: Throttle;
  audit: AuditRepository;
  clock: Clock;
}

/** Password recovery (0002): code to the contact on file, validate, then change. */
export class RecuperacaoService {
  constructor(private readonly d: RecuperacaoDeps) {}

  /** Tells 'has a password' from the rest: spends the IP's CPF look-up budget first (issue 13, defect 4). */
  private async contaComSenha(cpf: string, origin: Origin) {
    await this.d.throttle.assertConsultaCpf(origin.ip, cpf);
    const p = await this.d.contas.findPessoa(cpf);
    if (!p?.senhaHash)
      throw new AppError(404, 'CONTA_NAO_ENCONTRADA', 'Não encontramos uma conta com senha para este CPF.');
    return p;
  }

  async recuperarSenha(cpf: string, tipo: TipoSolicitacao, fluxo: string | undefined, origin: Origin) {
    const p = await this.contaComSenha(cpf, origin);
    const canal = canalDe(tipo);
    const destino = canal === 'email' ? p.email : p.celular;
    if (!destino) throw contatoIndisponivel(canal);
    const novoFluxo = await this.d.codigos.send({ cpf, finalidade: 'recuperacao', canal, destino, fluxo, origin });
    const body: Sucesso = {
      sucesso: true,
      // The spec's toast, as the web shows it: 'Código enviado para seu email/celular!' (the
      // request's tipoSolicitacao is that word).
      mensagem: `Código enviado para seu ${tipo}!`,
    };
    return { body, fluxo: novoFluxo };
  }

  async validarToken(
    cpf: string,
    token: string,
    tipo: TipoSolicitacao,
    fluxo: string | undefined,
    origin: Origin,
  ): Promise<Sucesso> {
    await this.contaComSenha(cpf, origin);
    await this.d.codigos.check({ cpf, finalidade: 'recuperacao', canal: canalDe(tipo), codigo: token, fluxo, origin });
    return { sucesso: true, mensagem: 'Código validado com sucesso.' };
  }

  /** Sets the new password, uses the code up, ends every session of the CPF, forgets failures. */
  async alterarSenha(
    req: { cpf: string; token: string; senha: string; tipoSolicitacao: TipoSolicitacao },
    fluxo: string | undefined,
    origin: Origin,
  ): Promise<Sucesso> {
    assertSenhaNaoComum(req.senha); // before the code is used up: the member just picks another
    await this.contaComSenha(req.cpf, origin);
    await this.d.codigos.consumeValidated({
      cpf: req.cpf,
      finalidade: 'recuperacao',
      canal: canalDe(req.tipoSolicitacao),
      codigo: req.token,
      fluxo,
      origin,
    });
    const now = new Date(this.d.clock.now());
    await this.d.contas.changeSenha(req.cpf, await hashPassword(req.senha), now);
    const encerradas = await this.d.sessoes.encerrarTodasDe(req.cpf);
    await this.d.preAutenticacao.descartarDe(req.cpf);
    await this.d.throttle.clearPasswordFailures(req.cpf);
    await this.d.audit.write('senha_alterada', req.cpf, origin, { sessoesEncerradas: encerradas });
    return { sucesso: true, mensagem: 'Senha alterada com sucesso.' };
  }
}
