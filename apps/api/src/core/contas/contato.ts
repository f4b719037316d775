import { maskEmail, maskPhone, normalizeEmail, onlyDigits } from '@portal/br';
import { AppError } from '../../lib/app-error';

/** The typed e-mail is the one on file, or its masked form as VerificarCPF showed it. */
export function emailConfere(noCadastro: string, digitado: string): boolean {
  const t = normalizeEmail(digitado);
  return t === normalizeEmail(noCadastro) || t === normalizeEmail(maskEmail(noCadastro));
}

/** Same for the mobile; the masked '(11) *****-4321' arrives as digits '114321'. */
export function celularConfere(noCadastro: string, digitado: string): boolean {
  let t = onlyDigits(digitado);
  if (t.length === 13 && t.startsWith('55')) t = t.slice(2); // +55 country code
  return t === noCadastro || t === onlyDigits(maskPhone(noCadastro));
}

const NOME = { email: 'e-mail', sms: 'celular' } as const;

export function contatoIndisponivel(canal: 'email' | 'sms'): AppError {
  return new AppError(
    422,
    'CONTATO_INDISPONIVEL',
    `Não há ${NOME[canal]} cadastrado para este beneficiário. Atualize seus dados junto à operadora.`,
  );
}

export function contatoDivergente(canal: 'email' | 'sms'): AppError {
  const o = canal === 'email' ? 'O e-mail informado' : 'O celular informado';
  return new AppError(
    422,
    'CONTATO_DIVERGENTE',
    `${o} não confere com o cadastro do beneficiário. Atualize seus dados junto à operadora.`,
  );
}
