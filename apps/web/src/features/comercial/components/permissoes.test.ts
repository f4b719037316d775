import { expect, it } from 'vitest';
import { podeIncluirDependentes } from './permissoes';

it('the holder or the financial responsible may ask for dependents; a dependant may not', () => {
  expect(podeIncluirDependentes({ tipoPerfil: 'TITULAR', responsavelFinanceiro: true })).toBe(true);
  expect(podeIncluirDependentes({ tipoPerfil: 'titular', responsavelFinanceiro: false })).toBe(true);
  expect(
    podeIncluirDependentes({ tipoPerfil: 'BENEFICIARIO RESPONSAVEL FINANCEIRO', responsavelFinanceiro: true }),
  ).toBe(true);
  expect(podeIncluirDependentes({ tipoPerfil: 'DEPENDENTE', responsavelFinanceiro: false })).toBe(false);
  expect(podeIncluirDependentes({ tipoPerfil: '', responsavelFinanceiro: false })).toBe(false);
});
