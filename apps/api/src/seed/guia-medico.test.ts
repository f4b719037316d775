import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isValidCnpj, normalizeSearch } from '@portal/br';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../test/helper';
import { consultas } from '../modules/guia-medico/repository';
import { DADOS_DEMO_DIR } from './arquivos';
import { carregarPrestadoresGerados } from './guia-medico';
import { CIDADES } from './guia-medico-dados';
import { estabelecimento, gerar, SERIE_CARGA, SERIE_DEMO } from './guia-medico-gerador';

describe('the generated network', () => {
  it('is deterministic, and loading in two steps gives what one step gives', () => {
    const inteira = gerar(SERIE_CARGA, 0, 1000);
    expect(gerar(SERIE_CARGA, 0, 1000)).toEqual(inteira);
    // 510 splits block 25 (providers 500-519) between the two steps.
    const a = gerar(SERIE_CARGA, 0, 510);
    const b = gerar(SERIE_CARGA, 510, 1000);
    expect([...a.prestadores, ...b.prestadores]).toEqual(inteira.prestadores);
    expect([...a.estabelecimentos, ...b.estabelecimentos]).toEqual(inteira.estabelecimentos);
    expect(gerar(SERIE_DEMO, 0, 100).prestadores[0]!.nome).not.toBe(inteira.prestadores[0]!.nome);
  });

  it('looks real: valid CNPJs, the city’s CEPs and area code, CRM/CRO of the state, second locations in the same city', () => {
    const { estabelecimentos, prestadores } = gerar(SERIE_CARGA, 0, 4000);
    const cidade = new Map(CIDADES.map((c) => [c.codigo, c]));
    const porCodigo = new Map(estabelecimentos.map((e) => [e.codigo, e]));
    for (const e of estabelecimentos) {
      const c = cidade.get(e.codigoCidade)!;
      expect(isValidCnpj(e.cnpj), e.cnpj).toBe(true);
      expect(c.ruas.some(([rua, bairro, cep]) => rua === e.logradouro && bairro === e.bairro && cep === e.cep)).toBe(
        true,
      );
      expect(e.fone).toMatch(new RegExp(`^${c.ddd}[23]\\d{7}$`));
    }
    const cidades = new Set(estabelecimentos.map((e) => e.codigoCidade));
    expect(cidades.size).toBe(CIDADES.length);
    for (const p of prestadores) {
      expect(p.especialidades.length).toBeGreaterThan(0);
      expect(p.locais.length).toBeGreaterThan(0);
      const [primeiro, segundo] = p.locais.map(([codigo]) => porCodigo.get(codigo)!);
      const uf = cidade.get(primeiro!.codigoCidade)!.uf;
      if (/^CR[MO]\//.test(p.nroRegistro)) expect(p.nroRegistro.slice(4, 6)).toBe(uf);
      else expect(p.nroRegistro).toMatch(/^CNES \d{7}$/);
      if (segundo) expect(segundo.codigoCidade).toBe(primeiro!.codigoCidade);
    }
    expect(estabelecimento(SERIE_CARGA, 7)).toEqual(estabelecimentos[7]);
  });

  it("the demo's generated providers in 13-prestadores.csv are still the draw of SERIE_DEMO", () => {
    const [cabecalho, ...linhas] = readFileSync(join(DADOS_DEMO_DIR, '13-prestadores.csv'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => l.split(';'));
    const c = Object.fromEntries(cabecalho!.map((nome, i) => [nome, i]));
    const v = (l: string[], nome: string) => l[c[nome]!] || null;
    const gerados = linhas.filter((l) => Number(v(l, 'codigoPrestador')) >= SERIE_DEMO.primeiroPrestador);
    const { estabelecimentos, prestadores } = gerar(SERIE_DEMO, 0, 800);
    const estab = new Map(estabelecimentos.map((e) => [e.codigo, e]));
    const esperadas = prestadores.flatMap((p) =>
      p.locais.map(([codigo, sala]) => {
        const e = estab.get(codigo)!;
        return [
          String(p.codigo),
          p.nome,
          p.nroRegistro,
          p.especialidades.join(','),
          p.selos.length ? p.selos.join(',') : null,
          String(codigo).padStart(7, '0'),
          sala,
          e.tipo,
          e.nomeFantasia,
          e.razaoSocial,
          e.cnpj,
          e.logradouro,
          e.numero,
          e.complemento,
          e.bairro,
          e.cep,
          String(e.codigoCidade),
          e.fone,
          e.site,
        ];
      }),
    );
    const ordenarSelos = (s: string | null) => s?.split(',').sort().join(',') ?? null;
    const lidas = gerados.map((l) =>
      cabecalho!.map((nome) => (nome === 'selos' ? ordenarSelos(v(l, nome)) : v(l, nome))),
    );
    expect(lidas).toEqual(esperadas.map((l) => l.map((x, i) => (cabecalho![i] === 'selos' ? ordenarSelos(x) : x))));
  });
});

describe('SEED_PROVIDERS and the search views', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  /** A fingerprint of every generated provider and its rows. */
  const impressao = async () =>
    (
      await t.db.query<{ h: string }>(
        `select md5(string_agg(x, '|' order by x)) as h from (
           select concat_ws(',', p.codigo, p.nome, p.nro_registro,
                  (select string_agg(codigo_especialidade::text, ',' order by codigo_especialidade) from prestador_especialidades e where e.codigo_prestador = p.codigo),
                  (select string_agg(codigo_selo, ',' order by codigo_selo) from prestador_selos s where s.codigo_prestador = p.codigo),
                  (select string_agg(concat_ws(':', l.ordem, l.codigo_estabelecimento, l.sala), ',' order by l.ordem) from locais_atendimento l where l.codigo_prestador = p.codigo)) as x
             from prestadores p where p.codigo >= 1000000) s`,
      )
    )[0]!.h;
  const contar = async (sql: string) => (await t.db.query<{ n: number }>(sql))[0]!.n;

  it('loads N once, grows and shrinks to exactly N, and a fresh load of N is the same network', async () => {
    expect(await carregarPrestadoresGerados(t.db, 0)).toBe(0);
    expect(await carregarPrestadoresGerados(t.db, 300)).toBe(300);
    expect(await carregarPrestadoresGerados(t.db, 300)).toBe(0);
    expect(await carregarPrestadoresGerados(t.db, 530)).toBe(230);
    const crescida = await impressao();
    expect(await carregarPrestadoresGerados(t.db, 120)).toBe(-410);
    expect(await contar('select count(*)::int as n from prestadores where codigo >= 1000000')).toBe(120);
    expect(await contar('select count(*)::int as n from estabelecimentos where codigo >= 1000000')).toBe(6);
    expect(await carregarPrestadoresGerados(t.db, 0)).toBe(-120);
    expect(await carregarPrestadoresGerados(t.db, 530)).toBe(530);
    expect(await impressao()).toBe(crescida);
    // The search views were rebuilt: every generated provider is findable.
    expect(await contar('select count(*)::int as n from guia_busca where codigo_prestador >= 1000000')).toBe(530);
    expect(await contar('select count(*)::int as n from guia_fichas where codigo_prestador >= 1000000')).toBe(530);
    const todas = consultas.pagina({ codigoCidade: 0, codigoEspecialidade: null, somenteOdonto: false }, 1, 0);
    const [total] = await t.db.query<{ total: number }>(todas.text, todas.params);
    expect(total!.total).toBe(await contar('select count(*)::int as n from prestador_especialidades'));
  });

  it("the database's normalisation is the web app's (normalizeSearch, then [^a-z0-9] as spaces)", async () => {
    const textos = [
      'Clínica Coração Paulista',
      'ÁÀÂÃÄ éèêë ÍÌÎÏ ÓÒÔÕÖ ÚÙÛÜ Çç Ññ',
      'Rua Voluntários da Pátria, 1.234 - 8º andar',
      "São João d'Aliança",
      '  Dr.  João   (Ortopedia/Traumatologia)  ',
      'Niterói - RJ',
      'Straße Ærø ΣΑΣ İstanbul ½ ﬁ ＡＢＣ',
      'emoji 🩺 tab\tnova\nlinha',
    ];
    for (const texto of textos) {
      const [row] = await t.db.query<{ n: string }>('select guia_normalizar($1) as n', [texto]);
      const web = normalizeSearch(texto)
        .replace(/[^a-z0-9]+/g, ' ')
        .trim();
      expect(row!.n, texto).toBe(web);
    }
  });

  it('free text is served by the trigram index, short words too', async () => {
    await carregarPrestadoresGerados(t.db, 2000);
    await t.db.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      for (const palavras of [['silva'], ['jo'], ['paulista', 'coracao']]) {
        const sql = consultas.listaComTexto(
          { codigoCidade: 3550308, codigoEspecialidade: null, somenteOdonto: false },
          palavras,
        );
        const plano = (await tx.query<Record<string, string>>(`explain ${sql.text}`, sql.params))
          .map((r) => Object.values(r)[0])
          .join('\n');
        expect(plano, palavras.join(' ')).toContain('guia_busca_trgm_idx');
      }
    });
    await carregarPrestadoresGerados(t.db, 0);
  });
});
