import { describe, expect, it } from 'vitest';
import { proximaRenovacaoMs } from '../api/gerar-qr-code';
import { cartaoAtivo, linhasDoCartao, numeroAgrupado, paraCartaoDigital, quandoFoiSalvo } from './cartoes';

const MARIA = {
  cns: '700504839172315',
  acomodacao: 'APARTAMENTO',
  produto: 'Saúde Exemplo Essencial Apartamento',
  tipoContrato: 'INDIVIDUAL/FAMILIAR',
  nomeMae: 'Josefa Aparecida da Silva',
  estadoCivil: 'c',
  sexo: 'f',
  rg: '284736159',
  orgaoExpeditor: 'SSP/SP',
  tituloEleitor: '214356780175',
  profissao: 'Professora',
  pisPasep: '12056412545',
  codigoContrato: '100234',
  numeroCarteirinha: '1100234001',
  dataContratacao: '2019-03-01',
  segmentacaoAssistencial: 'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA',
  cpf: '52998224725',
  nome: 'Maria Aparecida Souza',
  dataNascimento: '1978-04-12',
  registroAns: '484521201',
  carencias: [
    { descricao: 'Urgência e emergência', dataFim: '2019-03-02' },
    { descricao: 'Parto a termo', dataFim: '2019-12-26' },
  ],
  dataFinalCPT: null,
  nomeSocial: null,
  dataCancelamento: null,
};

describe('what the digital card keeps of ListarCarteirinhas', () => {
  it('only what the front desk asks for: no CPF, RG, mother, título, PIS, profession or birth date', () => {
    const c = paraCartaoDigital(MARIA)!;
    expect(c).toEqual({
      numeroCarteirinha: '1100234001',
      nome: 'Maria Aparecida Souza',
      nomeSocial: null,
      cns: '700504839172315',
      produto: 'Saúde Exemplo Essencial Apartamento',
      registroAns: '484521201',
      segmentacaoAssistencial: 'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA',
      acomodacao: 'APARTAMENTO',
      dataContratacao: '2019-03-01',
      dataCancelamento: null,
      carencias: MARIA.carencias,
      dataFinalCPT: null,
    });
    const guardado = JSON.stringify(c);
    for (const dado of ['52998224725', '284736159', 'Josefa', '214356780175', '12056412545', 'Professora', '1978'])
      expect(guardado).not.toContain(dado);
  });

  it("an operator's variants: numbers as numbers, blanks, odd carências, no card number", () => {
    expect(
      paraCartaoDigital({ numeroCarteirinha: 1100234001, nome: ' ', cns: '', carencias: [{ descricao: 'x' }, null] }),
    ).toMatchObject({ numeroCarteirinha: '1100234001', nome: 'Beneficiário', cns: null, carencias: [] });
    expect(paraCartaoDigital({ nome: 'Sem número' })).toBeNull();
  });
});

describe('the lines of the card', () => {
  it('Maria today: CNS grouped, plan and its ANS number, no carência running, no CPT', () => {
    expect(linhasDoCartao(paraCartaoDigital(MARIA)!, '2026-03-10')).toEqual([
      { rotulo: 'CNS', valor: '700 5048 3917 2315' },
      { rotulo: 'Plano', valor: 'Saúde Exemplo Essencial Apartamento' },
      { rotulo: 'Registro ANS do produto', valor: '484521201' },
      { rotulo: 'Segmentação', valor: 'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA' },
      { rotulo: 'Acomodação', valor: 'APARTAMENTO' },
      { rotulo: 'Início da cobertura', valor: '01/03/2019' },
      { rotulo: 'Carências a cumprir', valor: 'Nenhuma' },
      { rotulo: 'Cobertura parcial temporária (CPT)', valor: 'Nenhuma' },
    ]);
  });

  it('in her first months: the carências still running, one per line; a CPT with its end', () => {
    const linhas = linhasDoCartao({ ...paraCartaoDigital(MARIA)!, dataFinalCPT: '2021-03-01' }, '2019-06-01');
    expect(linhas.find((l) => l.rotulo === 'Carências a cumprir')?.valor).toEqual(['Parto a termo: até 26/12/2019']);
    expect(linhas.find((l) => l.rotulo.startsWith('Cobertura parcial'))?.valor).toBe('Até 01/03/2021');
  });

  it("'Não informado' where the operator has nothing on file", () => {
    const c = paraCartaoDigital({ numeroCarteirinha: '1', nome: 'X' })!;
    expect(
      linhasDoCartao(c, '2026-03-10')
        .slice(0, 6)
        .map((l) => l.valor),
    ).toEqual(Array(6).fill('Não informado'));
  });

  it('a cancelled card is not active from its cancellation day', () => {
    const c = { ...paraCartaoDigital(MARIA)!, dataCancelamento: '2026-03-10' };
    expect(cartaoAtivo(c, '2026-03-09')).toBe(true);
    expect(cartaoAtivo(c, '2026-03-10')).toBe(false);
    expect(cartaoAtivo(c, '2019-02-28')).toBe(false);
    expect(cartaoAtivo(paraCartaoDigital(MARIA)!, '2026-03-10')).toBe(true);
  });
});

describe('small formats', () => {
  it('groups the card number as the plastic card does', () => {
    expect(numeroAgrupado('1100234001')).toBe('1100 2340 01');
    expect(numeroAgrupado('12345678')).toBe('1234 5678');
  });

  it('when the card was saved, in São Paulo time', () => {
    expect(quandoFoiSalvo('2026-03-10T17:02:00Z')).toBe('10/03/2026 às 14:02');
    expect(quandoFoiSalvo('ontem')).toBe('');
  });

  it('a new QR token is fetched a minute before the current one expires, never more often than every 10 s', () => {
    const agora = Date.parse('2026-03-10T12:00:00Z');
    expect(proximaRenovacaoMs({ expiraEm: '2026-03-10T12:05:00.000Z' }, agora)).toBe(240_000);
    expect(proximaRenovacaoMs({ expiraEm: '2026-03-10T12:00:30.000Z' }, agora)).toBe(10_000);
    expect(proximaRenovacaoMs(undefined, agora)).toBe(30_000);
  });
});
