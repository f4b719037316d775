import type { VerificarCpfRequest, VerificarCpfResponse } from '@portal/contract';
import { useAction } from '@/lib/use-action';
import { api, isApiError } from '@/lib/api-client';
import { saveContatosVerificados } from '@/lib/sessao';
import { browserStorage } from '@/lib/storage';
import { toast } from '@/lib/toast';
import type { Mensagem } from '@/lib/conta/mensagens';

/** POST /api/Login/VerificarCPF. Contacts in the answer are masked (0002). */
export function verificarCpf(cpf: string): Promise<VerificarCpfResponse> {
  const body: VerificarCpfRequest = { cpf };
  return api.post<VerificarCpfResponse>('/api/Login/VerificarCPF', body);
}

/**
 * What the CPF check tells the sign-in screens about the member (docs/produto/acesso.md, "Data"): the
 * contacts are masked, '' when none on file.
 */
export type ContaVerificada = Pick<VerificarCpfResponse, 'nome' | 'email' | 'celular'> & {
  cpf: string;
  /** The account exists and has a password: the login asks for it, /cadastro says it exists. */
  temSenha: boolean;
};

export type ResultadoVerificacao = { ok: true; dados: VerificarCpfResponse } | { ok: false; erro: Mensagem };

/** docs/produto/acesso.md "Messages" as data: what to tell the member for each outcome. */
export function interpretarVerificacao(
  outcome: { dados: VerificarCpfResponse } | { error: unknown },
): ResultadoVerificacao {
  if ('error' in outcome) {
    const e = outcome.error;
    if (isApiError(e) && (e.kind === 'network' || e.kind === 'timeout')) {
      return {
        ok: false,
        erro: { title: 'Erro de conexão', description: 'Não foi possível conectar com o servidor. Tente novamente.' },
      };
    }
    if (isApiError(e) && (e.status === 404 || e.code === 'CPF_NAO_ENCONTRADO')) {
      return {
        ok: false,
        erro: { title: 'CPF não encontrado', description: e.serverMessage ?? 'Erro na verificação do CPF.' },
      };
    }
    return {
      ok: false,
      erro: { title: 'Erro', description: (isApiError(e) && e.serverMessage) || 'Erro ao verificar CPF.' },
    };
  }
  const { dados } = outcome;
  if (!dados || dados.sucesso === false) {
    return { ok: false, erro: { title: 'Erro', description: dados?.erro || 'Erro ao verificar CPF.' } };
  }
  if (!dados.beneficiario) {
    return {
      ok: false,
      erro: { title: 'Beneficiário não encontrado', description: 'Este CPF não pertence a um beneficiário ativo.' },
    };
  }
  return { ok: true, dados };
}

/** Verifies the CPF and, on success, keeps the CPF and the masked contacts (docs/produto/acesso.md, "Data"). */
async function verificarEInterpretar(cpf: string): Promise<ResultadoVerificacao> {
  let resultado: ResultadoVerificacao;
  try {
    resultado = interpretarVerificacao({ dados: await verificarCpf(cpf) });
  } catch (error) {
    resultado = interpretarVerificacao({ error });
  }
  if (resultado.ok) {
    saveContatosVerificados(browserStorage(), {
      cpf,
      email: resultado.dados.email ?? '',
      celular: resultado.dados.celular ?? '',
    });
  }
  return resultado;
}

/**
 * The CPF step of /login, /cadastro and /recuperar-senha: on a failure the docs/produto/acesso.md "Messages" toast and null,
 * otherwise the account as the check saw it.
 */
async function verificarConta(cpf: string): Promise<ContaVerificada | null> {
  const r = await verificarEInterpretar(cpf);
  if (!r.ok) {
    toast.error(r.erro.title, { description: r.erro.description });
    return null;
  }
  const { nome, email, celular, temContaNoApp, temSenhaCadastrada } = r.dados;
  return { cpf, nome, email, celular, temSenha: temContaNoApp && temSenhaCadastrada };
}

export function useVerificarCpf() {
  return useAction(verificarConta);
}
