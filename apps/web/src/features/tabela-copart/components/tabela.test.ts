import { formatBRL } from '@portal/br';
import { describe, expect, it } from 'vitest';
import { nomeDoGrupo, percentualPorExtenso, TABELA_COPART } from './tabela';

const reais = (v: number) => formatBRL(v).replace(/\s/g, ' ');

describe('co-payment table (docs/produto/informacoes.md, "Limits")', () => {
  it('has the nine groups of docs/produto/informacoes.md "Limits", in its order, with its percentages and limits', () => {
    const resumo = TABELA_COPART.map((g) => [
      nomeDoGrupo(g),
      [...new Set(g.linhas.map((l) => percentualPorExtenso(l.percentual)))].join(),
      [...new Set(g.linhas.map((l) => reais(l.limite)))].join(),
    ]);
    expect(resumo).toEqual([
      ['Consultas', 'Não se aplica', 'R$ 21,00'],
      ['Consulta oftalmológica + pacote de exames de baixo custo', 'Não se aplica', 'R$ 79,00'],
      ['Emergência', 'Não se aplica', 'R$ 79,00'],
      ['Internação', 'Não se aplica', 'R$ 259,00'],
      ['Ressonância, Tomografia, Ultrassom', '50%', 'R$ 79,00'],
      ['Exames e procedimentos', '50%', 'R$ 79,00'],
      ['Terapias (0 a 399 CH)', '50%', 'R$ 79,00'],
      ['Terapias especiais', '50%', 'R$ 79,00'],
      ['Alta complexidade', '50%', 'R$ 0,00'],
    ]);
  });

  it('splits exams by CH range and the therapies one per row, charged per session', () => {
    const subgrupos = (i: number) => TABELA_COPART[i]!.linhas.map((l) => [l.subgrupo, l.formaDeCobranca]);
    expect(subgrupos(5)).toEqual([
      ['0 a 399 CH', 'Por evento'],
      ['400 CH ou mais', 'Por evento'],
    ]);
    expect(subgrupos(6)).toEqual(
      ['Acupuntura', 'Fisioterapia', 'Fonoaudiologia', 'Terapia ocupacional', 'Psicoterapia'].map((t) => [
        t,
        'Por sessão',
      ]),
    );
    expect(subgrupos(7)).toEqual([['400 CH ou mais', 'Por evento']]);
  });

  it('alta complexidade: drugs per dispensed drug, dialysis, chemo- and radiotherapy per month', () => {
    expect(TABELA_COPART[8]!.linhas.map((l) => [l.subgrupo, l.formaDeCobranca])).toEqual([
      ['Medicamentos antineoplásicos', 'Por medicamento dispensado'],
      ['Medicamentos imunobiológicos', 'Por medicamento dispensado'],
      ['Hemodiálise e diálise', 'Por mês'],
      ['Quimioterapia', 'Por mês'],
      ['Radioterapia', 'Por mês'],
    ]);
  });

  it('the names of Ressonância, Tomografia and Ultrassom link to their procedure lists', () => {
    const links = TABELA_COPART.flatMap((g) => g.nome.filter((p) => p.link).map((p) => [p.texto, p.link]));
    expect(links).toEqual([
      ['Ressonância', 'procedimentosRessonancia'],
      ['Tomografia', 'procedimentosTomografia'],
      ['Ultrassom', 'procedimentosUltrassom'],
    ]);
  });
});
