import { describe, expect, it } from 'vitest';
import { isTelefoneValido } from './medicina-preventiva';
import { dataIso, dependenteFormSchema, problemaDataNascimento } from './venda';

describe('dependent form rules (docs/produto/comercial.md, "Validation")', () => {
  it('a real calendar date as AAAA-MM-DD or DD/MM/AAAA', () => {
    expect(dataIso('2019-05-20')).toBe('2019-05-20');
    expect(dataIso('20/05/2019')).toBe('2019-05-20');
    expect(dataIso('29/02/2024')).toBe('2024-02-29');
    for (const v of ['29/02/2023', '31/04/2020', '2019-13-01', '00/01/2020', '20/5/2019', '', '2019-05-20T00:00'])
      expect(dataIso(v), v).toBeNull();
  });

  it('a birth date in the future or more than 120 years ago is refused', () => {
    expect(problemaDataNascimento('2026-03-10', '2026-03-10')).toBeNull();
    expect(problemaDataNascimento('2026-03-11', '2026-03-10')).toBe('A data de nascimento não pode estar no futuro.');
    expect(problemaDataNascimento('1900-01-01', '2026-03-10')).toBe('Data de nascimento inválida.');
  });

  it('the form strips masks and names the first problem of each field', () => {
    const schema = dependenteFormSchema('2026-03-10');
    const ok = schema.parse({
      nome: ' Ana  Souza ',
      cpf: '529.982.247-25',
      dataNascimento: '01/02/2015',
      cidade: 'Campinas',
      celular: '(11) 98765-4321',
    });
    expect(ok).toEqual({
      nome: 'Ana  Souza',
      cpf: '52998224725',
      dataNascimento: '2015-02-01',
      cidade: 'Campinas',
      celular: '11987654321',
    });
    const r = schema.safeParse({
      nome: '',
      cpf: '529.982.247-2',
      dataNascimento: '11/03/2026',
      cidade: '',
      celular: '',
    });
    expect(r.success).toBe(false);
    // One message per field: a required field that is empty says only that.
    const porCampo: Record<string, string[]> = {};
    for (const i of r.error?.issues ?? []) (porCampo[i.path.join('.')] ??= []).push(i.message);
    expect(porCampo).toEqual({
      nome: ['Informe o nome completo.'],
      cpf: ['CPF inválido.'],
      dataNascimento: ['A data de nascimento não pode estar no futuro.'],
      cidade: ['Informe a cidade.'],
      celular: ['Informe o celular.'],
    });
  });
});

it('enrolment phone: a landline or a mobile with area code', () => {
  expect(isTelefoneValido('1134567890')).toBe(true);
  expect(isTelefoneValido('11987654321')).toBe(true);
  for (const v of ['1198765432', '0134567890', '11187654321', '113456789']) expect(isTelefoneValido(v), v).toBe(false);
});
