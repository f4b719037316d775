import { SENHA_COMUM } from '@portal/contract/senhas-comuns';

/** docs/produto/acesso.md "Validation" validation messages, as that page's 'Title / message' pairs. */
export interface Mensagem {
  title: string;
  description: string;
  /** Inline text under the field, when it differs from the toast's description. */
  inline?: string;
}

export const VALIDACAO = {
  cpfObrigatorio: { title: 'Campo obrigatório', description: 'Por favor, digite seu CPF.' },
  cpfInvalido: { title: 'CPF inválido', description: 'Por favor, digite um CPF válido.' },
  senhaObrigatoria: { title: 'Campo obrigatório', description: 'Por favor, digite sua senha.' },
  tokenObrigatorio: { title: 'Token obrigatório', description: 'Digite pelo menos um código de verificação.' },
  tokenIncompleto: { title: 'Código incompleto', description: 'O código deve ter 6 dígitos.' },
  novaSenhaObrigatoria: { title: 'Campo obrigatório', description: 'Digite uma senha.' },
  senhaCurta: { title: 'Senha muito curta', description: 'A senha deve ter pelo menos 6 caracteres.' },
  /** Beyond that page's table (its "Validation" says so): a common password (issue 13, decision 0020). */
  senhaComum: { title: 'Senha muito comum', description: SENHA_COMUM },
  senhasDiferentes: {
    title: 'Senhas não coincidem',
    description: 'As senhas digitadas não são iguais.',
    inline: 'Por favor, digite a mesma senha nos dois campos.',
  },
  contatoObrigatorio: { title: 'Campo obrigatório', description: 'Informe um e-mail ou um celular.' },
  emailInvalido: { title: 'E-mail inválido', description: 'Digite um e-mail válido.' },
  celularInvalido: {
    title: 'Celular inválido',
    description: 'Digite um celular com DDD, por exemplo (11) 98765-4321.',
  },
} as const satisfies Record<string, Mensagem>;

export type ChaveValidacao = keyof typeof VALIDACAO;

/**
 * The pair for a validation error: `chave` is a key of VALIDACAO (plain validators) or the
 * message text a shared zod form schema produced (packages/contract/src/forms.ts).
 */
export function mensagemValidacao(chave: string | undefined): Mensagem | undefined {
  if (!chave) return undefined;
  if (chave in VALIDACAO) return VALIDACAO[chave as ChaveValidacao];
  return Object.values(VALIDACAO).find((m) => m.description === chave);
}

/** Text shown under a field for a validation key. */
export function textoInline(chave: string | undefined): string | undefined {
  const m = mensagemValidacao(chave);
  return m ? ('inline' in m ? m.inline : m.description) : chave;
}
