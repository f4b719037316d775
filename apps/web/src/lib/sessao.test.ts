import type { AutenticarResponse } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  buildUsuario,
  createRenewal,
  isAutenticacaoOk,
  isExpired,
  isPerfilFinanceiro,
  nextExpiry,
  readContatosVerificados,
  restoreSession,
  saveContatosVerificados,
  renewalDelay,
  saveSession,
  shouldRenewServer,
  toPerfilAutenticado,
} from './sessao';
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

describe('buildUsuario (docs/produto/acesso.md, "Data" logged-in user record)', () => {
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

describe('session code and login success (docs/produto/acesso.md, "Validation")', () => {
  it('keeps the session code only if numeric', () => {
    expect(toPerfilAutenticado(123)).toEqual({ codigoSessao: 123 });
    expect(toPerfilAutenticado('4815162342108')).toEqual({ codigoSessao: 4815162342108 });
    expect(toPerfilAutenticado('abc')).toBeNull();
    expect(toPerfilAutenticado(null)).toBeNull();
    expect(toPerfilAutenticado(1.5)).toBeNull();
    expect(toPerfilAutenticado(undefined)).toBeNull();
  });

  it('accepts a positive safe integer (number)', () => {
    expect(toPerfilAutenticado(1)).toEqual({ codigoSessao: 1 });
    expect(toPerfilAutenticado(Number.MAX_SAFE_INTEGER)).toEqual({ codigoSessao: Number.MAX_SAFE_INTEGER });
  });

  it('refuses a number that is zero, negative, fractional, unsafe or not finite', () => {
    for (const n of [0, -0, -1, 2.5, Number.MAX_SAFE_INTEGER + 1, 2 ** 60, Number.NaN, Infinity, -Infinity]) {
      expect(toPerfilAutenticado(n), String(n)).toBeNull();
    }
  });

  it('accepts a string of 1 to 16 digits without a leading zero whose value is a safe integer', () => {
    expect(toPerfilAutenticado('7')).toEqual({ codigoSessao: 7 });
    expect(toPerfilAutenticado('1000000000000000')).toEqual({ codigoSessao: 1_000_000_000_000_000 });
    expect(toPerfilAutenticado('9007199254740991')).toEqual({ codigoSessao: Number.MAX_SAFE_INTEGER });
  });

  it('refuses zero and leading zeros in a string', () => {
    expect(toPerfilAutenticado('0')).toBeNull();
    expect(toPerfilAutenticado('00')).toBeNull();
    expect(toPerfilAutenticado('0123')).toBeNull();
  });

  it('refuses a 16-digit string above 2^53 - 1 (Number() would round it) and longer strings', () => {
    expect(toPerfilAutenticado('9007199254740992')).toBeNull();
    expect(toPerfilAutenticado('9999999999999999')).toBeNull();
    expect(toPerfilAutenticado('12345678901234567')).toBeNull();
  });

  it('refuses strings that are not plain digits', () => {
    for (const s of ['', ' 123', '123 ', '+123', '-123', '1e5', '12.0', '0x1F', '١٢٣', '123abc']) {
      expect(toPerfilAutenticado(s), JSON.stringify(s)).toBeNull();
    }
  });

  it('refuses other types', () => {
    for (const v of [true, false, {}, [], [123], 10n, { codigoSessao: 1 }]) {
      expect(toPerfilAutenticado(v)).toBeNull();
    }
  });

  it('success is sucesso true, or codigoSessao and nome', () => {
    expect(isAutenticacaoOk({ sucesso: true })).toBe(true);
    expect(isAutenticacaoOk({ sucesso: false, codigoSessao: 1, nome: 'Ana' })).toBe(true);
    expect(isAutenticacaoOk({ sucesso: false, codigoSessao: 1, nome: '' })).toBe(false);
    expect(isAutenticacaoOk({ sucesso: false, codigoSessao: null, nome: 'Ana' })).toBe(false);
    expect(isAutenticacaoOk(null)).toBe(false);
  });
});

describe('expiry (docs/produto/acesso.md, "States")', () => {
  it('expires 30 minutes after the last activity', () => {
    const now = 1_700_000_000_000;
    const exp = nextExpiry(now);
    expect(exp - now).toBe(1_800_000);
    expect(isExpired(exp, now + 1_799_999)).toBe(false);
    expect(isExpired(exp, now + 1_800_000)).toBe(true);
    expect(isExpired(null, now)).toBe(true);
    expect(isExpired(Number.NaN, now)).toBe(true);
  });

  it('allows one expiry write per second', () => {
    expect(renewalDelay(Number.NEGATIVE_INFINITY, 0)).toBe(0);
    expect(renewalDelay(10_000, 11_000)).toBe(0);
    expect(renewalDelay(10_000, 10_000)).toBe(1_000);
    expect(renewalDelay(10_000, 10_250)).toBe(750);
    // A clock that went back never blocks the renewal.
    expect(renewalDelay(10_000, 9_000)).toBe(0);
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

describe('isPerfilFinanceiro (docs/produto/comum.md, "Who may use it")', () => {
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

/** createRenewal on a hand-driven clock and timer queue. */
function renewalHarness(start = 1_700_000_000_000) {
  let now = start;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const writes: { at: number; activityAt: number }[] = [];
  const renewal = createRenewal({
    now: () => now,
    setTimer: (fn, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimer: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
    write: (activityAt) => writes.push({ at: now, activityAt }),
  });
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.fn();
    }
    now = end;
  };
  return { renewal, writes, advance, pending: () => timers.length, start };
}

describe('expiry renewal on activity (docs/produto/acesso.md, "States")', () => {
  it('a mouse move or key press renews the expiry at once', () => {
    const h = renewalHarness();
    h.renewal.activity();
    expect(h.writes).toEqual([{ at: h.start, activityAt: h.start }]);
    // Even 15 s later, the next activity is written at once too (no 15 s batching any more).
    h.advance(15_000);
    h.renewal.activity();
    expect(h.writes).toHaveLength(2);
    expect(h.writes[1]).toEqual({ at: h.start + 15_000, activityAt: h.start + 15_000 });
    h.advance(1_000);
    h.renewal.activity();
    expect(h.writes).toHaveLength(3);
  });

  it('a burst of activity writes at most once per second, ending with the last activity', () => {
    const h = renewalHarness();
    for (let i = 0; i < 20; i++) {
      h.renewal.activity(); // t = 0, 50, ..., 950 ms
      h.advance(50);
    }
    // Written at t=0, then once more when the second ended, carrying the activity at 950 ms.
    expect(h.writes).toEqual([
      { at: h.start, activityAt: h.start },
      { at: h.start + 1_000, activityAt: h.start + 950 },
    ]);
    h.advance(10_000);
    expect(h.writes).toHaveLength(2);
    expect(h.pending()).toBe(0);
  });

  it('the stored expiry ends 30 minutes after the last activity, never earlier', () => {
    const h = renewalHarness();
    h.renewal.activity();
    h.advance(400);
    h.renewal.activity();
    h.advance(5_000);
    const last = h.writes.at(-1)!;
    expect(nextExpiry(last.activityAt)).toBe(h.start + 400 + 1_800_000);
  });

  it('cancel drops a write still waiting (logout)', () => {
    const h = renewalHarness();
    h.renewal.activity();
    h.advance(100);
    h.renewal.activity();
    expect(h.pending()).toBe(1);
    h.renewal.cancel();
    h.advance(5_000);
    expect(h.writes).toHaveLength(1);
  });
});
