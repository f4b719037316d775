import { isValidCpf, isValidEmail, isValidMobile, onlyDigits } from '@portal/br';
import { LIMITES_WEB } from '../config';
import type { ChaveValidacao } from './messages';

/**
 * Spec 5 field rules for react-hook-form's `validate`: each returns true or the key of the
 * VALIDACAO message pair. (Plain functions rather than zod on the sign-in pages: zod plus its
 * resolver cost ≈ 6–18 KB gzip on the login route, over budget. The API re-checks everything
 * with the packages/contract schemas.)
 */
type Resultado = true | ChaveValidacao;

export function validarCpf(value: string): Resultado {
  const digits = onlyDigits(value);
  if (!digits) return 'cpfObrigatorio';
  return digits.length === 11 && isValidCpf(digits) ? true : 'cpfInvalido';
}

export function validarSenhaLogin(value: string): Resultado {
  return value ? true : 'senhaObrigatoria';
}

export function validarCodigo(value: string): Resultado {
  const v = value.trim();
  if (!v) return 'tokenObrigatorio';
  return new RegExp(`^\\d{${LIMITES_WEB.codigoTamanho}}$`).test(v) ? true : 'tokenIncompleto';
}

export function validarNovaSenha(value: string): Resultado {
  if (!value) return 'novaSenhaObrigatoria';
  return value.length >= LIMITES_WEB.senhaMinima ? true : 'senhaCurta';
}

/** Only judged once the password itself is acceptable, so one problem is reported at a time. */
export function validarConfirmacao(confirmacao: string, senha: string): Resultado {
  if (validarNovaSenha(senha) !== true) return true;
  return confirmacao === senha ? true : 'senhasDiferentes';
}

/** /cadastro contacts step: at least one contact, each well formed when given. */
export function validarContatos(email: string, celular: string): { email: Resultado; celular: Resultado } {
  const e = email.trim();
  const c = onlyDigits(celular);
  if (!e && !c) return { email: 'contatoObrigatorio', celular: true };
  return {
    email: e && !isValidEmail(e) ? 'emailInvalido' : true,
    celular: c && !isValidMobile(c) ? 'celularInvalido' : true,
  };
}
