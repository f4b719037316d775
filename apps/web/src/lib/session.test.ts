import type { AutenticarResponse } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  buildUsuario,
  isAutenticacaoOk,
  isExpired,
  isPerfilFinanceiro,
  nextExpiry,
  readContatosVerificados,
  restoreSession,
  saveContatosVerificados,
  saveSession,
  shouldRenew,
  shouldRenewServer,
  toPerfilAutenticado,
} from './session';
import { memoryStorage, STORAGE_KEYS } from './storage';

const resposta: AutenticarResponse = {
  sucesso: true,
  erro: null,
  codigoSessao: 4815162342108,
  nome: 'Maria Aparecida Souza',
  email: 'mar****@exemplo.com.br',
  celular: '(11) *****-4321',
  tipoPerfil: 'TITULAR',
  dataNascimento: '1968-04-12',
  codigoBeneficiario: '00012345000017',
  codigoPlano: 'P100',
  codigoContrato: 'C2020',
  responsavelFinanceiro: true,
  produtos: [
    { nome: 'Saúde Exemplo Enfermaria', dataInicioVigencia: '2019-03-01', coparticipativo: true },
    { nome: 'Outro', dataInicioVigencia: '2020-01-01', coparticipativo: false },
  ],
  beneficiariosAssociados: [
    { codigoBeneficiario: '00012345000017', nome: 'Maria Aparecida Souza', padraoConforto: 'Apartamento' },
    { codigoBeneficiario: '00012345000025', nome: 'João Pedro Souza', padraoConforto: 'Enfermaria' },
  ],
  sessaoExpiraEm: null,
};

describe('buildUsuario (spec 3 logged-in user record)', () => {
  it('maps the Autenticar response', () => {
    const u = buildUsuario(resposta, '529.982.247-25');
    expect(u).toMatchObject({
      id: '52998224725',
      cpf: '52998224725',
      nome: 'Maria Aparecida Souza',
      perfilAutenticado: { codigoSessao: 4815162342108 },
      codigoPlano: 'P100',
      codigoContrato: 'C2020',
      tipoPerfil: 'TITULAR',
      ehBeneficiary: true,
      numeroCarteirinha: '00012345000017',
      codigoBeneficiario: '00012345000017',
      produtoContratado: 'Saúde Exemplo Enfermaria',
      dataContratacao: '2019-03-01',
      coparticipativo: true,
      padraoAcomodacao: 'Apartamento',
      responsavelFinanceiro: true,
    });
    for (const campo of [
      'sexo',
      'nomeMae',
      'rg',
      'orgaoEmissorRg',
      'cartaoNacionalSaude',
      'tituloEleitor',
      'estadoCivil',
      'profissao',
      'pisPasep',
      'tipoContratacao',
      'segmentacaoAssistencial',
      'dataFinalCPT',
      'carencias',
    ] as const) {
      expect(u[campo]).toBe('');
    }
  });

  it('applies the defaults', () => {
    const u = buildUsuario({ sucesso: true, codigoSessao: null, nome: '  ' }, '11144477735');
    expect(u.nome).toBe('Usuário');
    expect(u.perfilAutenticado).toBeNull();
    expect(u.coparticipativo).toBe(false);
    expect(u.produtoContratado).toBe('');
    expect(u.padraoAcomodacao).toBe('');
    expect(u.responsavelFinanceiro).toBe(false);
  });

  it('a financial responsible who is not a beneficiary is flagged', () => {
    expect(
      buildUsuario({ ...resposta, tipoPerfil: 'Responsável Financeiro Não Beneficiário' }, '52998224725').ehBeneficiary,
    ).toBe(false);
  });
});

describe('session code and login success (spec 5)', () => {
  it('keeps the session code only if numeric', () => {
    expect(toPerfilAutenticado(123)).toEqual({ codigoSessao: 123 });
    expect(toPerfilAutenticado('4815162342108')).toEqual({ codigoSessao: 4815162342108 });
    expect(toPerfilAutenticado('abc')).toBeNull();
    expect(toPerfilAutenticado(null)).toBeNull();
    expect(toPerfilAutenticado(1.5)).toBeNull();
    expect(toPerfilAutenticado(undefined)).toBeNull();
  });

  it('success is sucesso true, or codigoSessao and nome', () => {
    expect(isAutenticacaoOk({ sucesso: true })).toBe(true);
    expect(isAutenticacaoOk({ sucesso: false, codigoSessao: 1, nome: 'Ana' })).toBe(true);
    expect(isAutenticacaoOk({ sucesso: false, codigoSessao: 1, nome: '' })).toBe(false);
    expect(isAutenticacaoOk({ sucesso: false, codigoSessao: null, nome: 'Ana' })).toBe(false);
    expect(isAutenticacaoOk(null)).toBe(false);
  });
});

describe('expiry (spec 4)', () => {
  it('expires 30 minutes after the last activity', () => {
    const now = 1_700_000_000_000;
    const exp = nextExpiry(now);
    expect(exp - now).toBe(1_800_000);
    expect(isExpired(exp, now + 1_799_999)).toBe(false);
    expect(isExpired(exp, now + 1_800_000)).toBe(true);
    expect(isExpired(null, now)).toBe(true);
    expect(isExpired(Number.NaN, now)).toBe(true);
  });

  it('throttles renewal writes', () => {
    expect(shouldRenew(0, 20_000)).toBe(true);
    expect(shouldRenew(10_000, 20_000)).toBe(false);
    expect(shouldRenew(10_000, 25_000)).toBe(true);
  });

  it('restores a stored session only when it has not expired', () => {
    const storage = memoryStorage();
    const u = buildUsuario(resposta, '52998224725');
    saveSession(storage, u, 2_000);
    expect(restoreSession(storage, 1_999)?.usuario.nome).toBe('Maria Aparecida Souza');
    expect(restoreSession(storage, 2_000)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.usuario)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.sessaoExpiraEm)).toBeNull();
  });

  it('drops a corrupt record', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.usuario]: '{oops', [STORAGE_KEYS.sessaoExpiraEm]: '9999999999999' });
    expect(restoreSession(storage, 0)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.usuario)).toBeNull();
  });
});

describe('isPerfilFinanceiro (spec 6)', () => {
  it('compares without accents, case-insensitive', () => {
    expect(isPerfilFinanceiro('TITULAR')).toBe(true);
    expect(isPerfilFinanceiro('titular')).toBe(true);
    expect(isPerfilFinanceiro('Beneficiário Responsável Financeiro')).toBe(true);
    expect(isPerfilFinanceiro('RESPONSÁVEL FINANCEIRO NÃO BENEFICIÁRIO')).toBe(true);
    expect(isPerfilFinanceiro(' responsavel  financeiro nao beneficiario ')).toBe(true);
    expect(isPerfilFinanceiro('DEPENDENTE')).toBe(false);
    expect(isPerfilFinanceiro('')).toBe(false);
    expect(isPerfilFinanceiro(null)).toBe(false);
  });
});

describe('CPF check contacts', () => {
  it('saves and reads the CPF and the masked contacts', () => {
    const storage = memoryStorage();
    expect(readContatosVerificados(storage)).toBeNull();
    saveContatosVerificados(storage, { cpf: '52998224725', email: 'mar****@exemplo.com.br', celular: '' });
    expect(readContatosVerificados(storage)).toEqual({
      cpf: '52998224725',
      email: 'mar****@exemplo.com.br',
      celular: '',
    });
  });
});

describe('shouldRenewServer', () => {
  it('renews the server session at most every 5 minutes of activity', () => {
    expect(shouldRenewServer(0, 5 * 60_000)).toBe(true);
    expect(shouldRenewServer(60_000, 5 * 60_000)).toBe(false);
    expect(shouldRenewServer(60_000, 6 * 60_000)).toBe(true);
  });
});
