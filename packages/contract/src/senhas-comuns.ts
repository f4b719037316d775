/**
 * Common passwords (ASVS 2.1.7, issue 13 defect 10; decision 0020). This short Brazilian list
 * travels with the contract, so every screen that sets a password refuses these at once, under the
 * field; the server also refuses the ~40 000 common and breached passwords (6 characters or more)
 * of @zxcvbn-ts/language-common (apps/api/src/lib/senhas-comuns.ts), with the same message.
 * Compared in lower case.
 */
export const SENHA_COMUM = 'Esta senha é muito comum e fácil de adivinhar. Escolha uma senha diferente.';

export const SENHAS_COMUNS_PT_BR: readonly string[] = [
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '102030',
  '10203040',
  '112233',
  '123123',
  '123321',
  '147258',
  '147258369',
  '159753',
  '654321',
  '000000',
  '111111',
  'abc123',
  'qwerty',
  'senha1',
  'senha12',
  'senha123',
  'senha1234',
  'senha12345',
  'senha@123',
  'senhasenha',
  'minhasenha',
  'mudar123',
  'mudar@123',
  'trocar123',
  'brasil',
  'brasil123',
  'saude123',
  'portal123',
  'flamengo',
  'corinthians',
  'palmeiras',
  'saopaulo',
  'gremio',
  'cruzeiro',
  'botafogo',
  'fluminense',
  'teamo123',
  'jesus123',
  'deusefiel',
];

const PT_BR = new Set(SENHAS_COMUNS_PT_BR);

/** True for a password of the short Brazilian list (any case). */
export function senhaComumPtBr(senha: string): boolean {
  return PT_BR.has(senha.toLowerCase());
}
