import { SENHA_COMUM, SENHAS_COMUNS_PT_BR, LIMITES } from '@portal/contract';
import { dictionary } from '@zxcvbn-ts/language-common';
import { dadosInvalidos } from './app-error';

let comuns: Set<string> | undefined;

/**
 * The common and breached passwords the server refuses (ASVS 2.1.7, decision 0020): zxcvbn-ts's
 * common list (ranked from public breaches, maintained as an npm package) plus the contract's short
 * Brazilian one; only those long enough to pass the 6-character minimum. Built once, on first use.
 */
function senhasComuns(): Set<string> {
  comuns ??= new Set(
    [...dictionary['passwords-common'], ...SENHAS_COMUNS_PT_BR]
      .map((s) => s.toLowerCase())
      .filter((s) => s.length >= LIMITES.senhaMinima),
  );
  return comuns;
}

export function senhaComum(senha: string): boolean {
  return senhasComuns().has(senha.toLowerCase());
}

/** Before a new password is accepted (registration, recovery): 400 with SENHA_COMUM when common. */
export function assertSenhaNaoComum(senha: string): void {
  if (senhaComum(senha)) throw dadosInvalidos(SENHA_COMUM);
}
