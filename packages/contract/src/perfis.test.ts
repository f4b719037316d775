import { describe, expect, it } from 'vitest';
import { isPerfilFinanceiro, normalizeTipoPerfil } from './perfis';

describe('normalizeTipoPerfil', () => {
  it('drops accents, case and extra spaces', () => {
    expect(normalizeTipoPerfil('  Responsável   Financeiro Não Beneficiário ')).toBe(
      'RESPONSAVEL FINANCEIRO NAO BENEFICIARIO',
    );
    expect(normalizeTipoPerfil(undefined)).toBe('');
  });
});

describe('isPerfilFinanceiro (docs/produto/comum.md, "Who may use it")', () => {
  it('accepts the three financial profile types however they are written', () => {
    for (const tipo of [
      'TITULAR',
      'titular',
      'Beneficiário Responsável Financeiro',
      'BENEFICIARIO RESPONSAVEL FINANCEIRO',
      'RESPONSÁVEL FINANCEIRO NÃO BENEFICIÁRIO',
      ' responsavel  financeiro nao beneficiario ',
    ])
      expect(isPerfilFinanceiro(tipo), tipo).toBe(true);
  });

  it('refuses every other profile, empty or missing', () => {
    for (const tipo of ['DEPENDENTE', 'AGREGADO', 'TITULARES', 'RESPONSAVEL FINANCEIRO', '', null, undefined])
      expect(isPerfilFinanceiro(tipo), String(tipo)).toBe(false);
  });
});
