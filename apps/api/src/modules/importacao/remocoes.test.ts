import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DADOS_DEMO_DIR } from '../../seed/arquivos';
import { startApp, type TestApp } from '../../../test/helper';
import { desfazerImportacao, importar, obterImportacao, type Entidade, type OpcoesImportacao } from './index';

// Issue 30, defect 1 (decision 0049): a truncated `completo` file is refused past the bound unless the
// operator confirms the exact count, and what an import cancelled, inactivated or deleted can be undone.
// On the demo operator: 9 active members (of 10), 818 providers, 7 reimbursement lines.

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
  // Each test starts from the demo's state of what `completo` removes.
  await t.db.exec(`
    create table teste_benef as select codigo_beneficiario, ativo, data_exclusao, motivo_cancelamento from beneficiarios;
    create table teste_prest as select codigo, ativo from prestadores;
    create table teste_reemb as select * from reembolso_tabela;`);
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());
afterEach(async () => {
  await t.db.exec(`
    update beneficiarios b set ativo = s.ativo, data_exclusao = s.data_exclusao, motivo_cancelamento = s.motivo_cancelamento
      from teste_benef s where s.codigo_beneficiario = b.codigo_beneficiario;
    update prestadores p set ativo = s.ativo from teste_prest s where s.codigo = p.codigo;
    delete from reembolso_tabela;
    insert into reembolso_tabela select * from teste_reemb;`);
});

/** The demo operator's file of an entity: its header and the data lines `escolher` keeps. */
function arquivo(nome: string, escolher: (linha: string, i: number) => boolean): string {
  const [cabecalho, ...linhas] = readFileSync(join(DADOS_DEMO_DIR, nome), 'utf8').trimEnd().split('\n');
  return [cabecalho, ...linhas.filter(escolher)].join('\n') + '\n';
}
const ARQUIVO = {
  beneficiarios: '03-beneficiarios.csv',
  prestadores: '13-prestadores.csv',
  'reembolso-tabela': '09-reembolso-tabela.csv',
} as const;
/** The truncated file of the issue: the header and the first active record only. */
const umaLinha = (e: keyof typeof ARQUIVO) =>
  arquivo(ARQUIVO[e], e === 'beneficiarios' ? (l) => l.startsWith('1100234001;') : (_l, i) => i === 0);

const completo = (entidade: Entidade, texto: string, o: Partial<OpcoesImportacao> = {}) =>
  importar(t.db, Readable.from([Buffer.from(texto)]), {
    entidade,
    formato: 'csv',
    modo: 'completo',
    dryRun: false,
    origem: 'cli',
    ...o,
  });

const contar = async (sql: string) => (await t.db.query<{ n: number }>(sql))[0]?.n;
const ativos = () => contar('select count(*)::int as n from beneficiarios where ativo');
const desfazer = (id: string, janelaDias = 30) =>
  desfazerImportacao(t.db, id, {
    janelaDias,
    clock: t.clock,
    origem: { ip: '127.0.0.1', userAgent: null, canal: 'cli' },
  });

describe('a completo file past the bound is refused, naming the count', () => {
  it('beneficiarios: one line would cancel 8 of 9 active members; refused, nothing cancelled', async () => {
    expect(await ativos()).toBe(9);
    const r = await completo('beneficiarios', umaLinha('beneficiarios'));
    expect(r).toMatchObject({ status: 'recusado', inativados: 8, confirmacaoExigida: 8 });
    expect(r.erros).toEqual([
      {
        linha: 0,
        coluna: '',
        valor: '8',
        mensagem:
          'Este arquivo cancelaria 8 de 9 beneficiários ativos (89 %), acima do limite de 5 % (até 4 sem confirmação). ' +
          'Confira se o arquivo está completo. Para aplicar, confirme o número exato: --confirmar-cancelamentos 8',
      },
    ]);
    expect(await ativos()).toBe(9);
    // The history row keeps the count to confirm.
    expect(await obterImportacao(t.db, r.id)).toMatchObject({ status: 'recusado', confirmacaoExigida: 8 });
  });

  it('prestadores: one line would inactivate all but one provider; refused, none inactivated', async () => {
    const total = await contar('select count(*)::int as n from prestadores where ativo');
    const r = await completo('prestadores', umaLinha('prestadores'));
    expect(r).toMatchObject({ status: 'recusado', inativados: total! - 1, confirmacaoExigida: total! - 1 });
    expect(r.erros[0]?.mensagem).toContain(`inativaria ${total! - 1} de ${total} prestadores ativos`);
    expect(await contar('select count(*)::int as n from prestadores where ativo')).toBe(total);
  });

  it('reembolso-tabela: one line would delete 6 of 7 lines; refused, none deleted', async () => {
    const r = await completo('reembolso-tabela', umaLinha('reembolso-tabela'));
    expect(r).toMatchObject({ status: 'recusado', inativados: 6, confirmacaoExigida: 6 });
    expect(r.erros[0]?.mensagem).toContain('apagaria 6 de 7 linhas da tabela de reembolso (86 %)');
    expect(await contar('select count(*)::int as n from reembolso_tabela')).toBe(7);
  });

  it('through the integration API the message names the query parameter', async () => {
    const r = await completo('beneficiarios', umaLinha('beneficiarios'), { origem: 'api' });
    expect(r.erros[0]?.mensagem).toMatch(/confirme o número exato: confirmarCancelamentos=8$/);
  });
});

describe('the confirmation', () => {
  it('the exact count applies the file', async () => {
    const r = await completo('beneficiarios', umaLinha('beneficiarios'), { confirmarCancelamentos: 8 });
    expect(r.erros).toEqual([]);
    expect(r).toMatchObject({ status: 'aplicado', inativados: 8, confirmacaoExigida: null });
    expect(await ativos()).toBe(1);
  });

  it('a wrong count is refused, naming the right one, and cancels nothing', async () => {
    const r = await completo('beneficiarios', umaLinha('beneficiarios'), { confirmarCancelamentos: 7 });
    expect(r).toMatchObject({ status: 'recusado', inativados: 8, confirmacaoExigida: 8 });
    expect(r.erros[0]?.mensagem).toBe(
      'A confirmação (7) não confere: este arquivo cancelaria 8 de 9 beneficiários ativos. ' +
        'Confira o arquivo; para aplicar, confirme o número exato: --confirmar-cancelamentos 8',
    );
    expect(await ativos()).toBe(9);
  });

  it('a count that does not match is refused below the bound too', async () => {
    const semRoberto = arquivo(ARQUIVO.beneficiarios, (l) => !l.startsWith('1310077001;'));
    const r = await completo('beneficiarios', semRoberto, { confirmarCancelamentos: 3 });
    expect(r).toMatchObject({ status: 'recusado', inativados: 1, confirmacaoExigida: 1 });
    expect(await ativos()).toBe(9);
  });
});

describe('the dry run', () => {
  it('counts the cancellations of a file past the bound, and says the file would be refused', async () => {
    const r = await completo('beneficiarios', umaLinha('beneficiarios'), { dryRun: true });
    expect(r).toMatchObject({ dryRun: true, status: 'recusado', inativados: 8, confirmacaoExigida: 8 });
    expect(await ativos()).toBe(9);
  });

  it('with the exact count: validado, counting the cancellations, nothing changed', async () => {
    const r = await completo('beneficiarios', umaLinha('beneficiarios'), { dryRun: true, confirmarCancelamentos: 8 });
    expect(r).toMatchObject({ dryRun: true, status: 'validado', inativados: 8, inalterados: 1 });
    expect(await ativos()).toBe(9);
  });
});

describe('the floor', () => {
  it("a small operator's file cancelling 2 of 9 (22 %, above 5 %) goes through unconfirmed", async () => {
    const sem = new Set(['1310077001;', '1310077002;']);
    const r = await completo(
      'beneficiarios',
      arquivo(ARQUIVO.beneficiarios, (l) => !sem.has(l.slice(0, 11))),
    );
    expect(r.erros).toEqual([]);
    expect(r).toMatchObject({ status: 'aplicado', inativados: 2 });
    expect(await ativos()).toBe(7);
  });

  it('is configurable: with IMPORTACAO_LIMITE_MINIMO 0 the same file is refused', async () => {
    const sem = new Set(['1310077001;', '1310077002;']);
    const r = await completo(
      'beneficiarios',
      arquivo(ARQUIVO.beneficiarios, (l) => !sem.has(l.slice(0, 11))),
      {
        limite: { percentual: 5, minimo: 0 },
      },
    );
    expect(r).toMatchObject({ status: 'recusado', confirmacaoExigida: 2 });
  });
});

describe('desfazer: what an import removed comes back', () => {
  it('the cancelled members are active again, as they were, with an audit row', async () => {
    const antes = await t.db.query('select * from beneficiarios order by codigo_beneficiario');
    const r = await completo('beneficiarios', umaLinha('beneficiarios'), { confirmarCancelamentos: 8 });
    expect(await ativos()).toBe(1);
    const d = await desfazer(r.id);
    expect(d).toMatchObject({ id: r.id, entidade: 'beneficiarios', restaurados: 8, ignorados: 0 });
    expect(await t.db.query('select * from beneficiarios order by codigo_beneficiario')).toEqual(antes);
    expect(await obterImportacao(t.db, r.id)).toMatchObject({ desfeitaEm: d.desfeitaEm, restaurados: 8 });
    const audit = await t.db.query<{ detail: Record<string, unknown> }>(
      `select detail from audit_log where event = 'importacao_desfeita' and detail->>'importacaoId' = $1`,
      [r.id],
    );
    expect(audit.map((a) => a.detail)).toEqual([
      { importacaoId: r.id, entidade: 'beneficiarios', restaurados: 8, ignorados: 0, canal: 'cli', chaveId: null },
    ]);
  });

  it('twice: the second is refused and reverts nothing more', async () => {
    const r = await completo('beneficiarios', umaLinha('beneficiarios'), { confirmarCancelamentos: 8 });
    await desfazer(r.id);
    // A later import cancels one of them again: the second undo must not touch it.
    const semRoberto = arquivo(ARQUIVO.beneficiarios, (l) => !l.startsWith('1310077001;'));
    expect(await completo('beneficiarios', semRoberto)).toMatchObject({ status: 'aplicado', inativados: 1 });
    await expect(desfazer(r.id)).rejects.toMatchObject({
      statusCode: 409,
      code: 'IMPORTACAO_NAO_DESFAZIVEL',
      message: expect.stringContaining('já foi desfeita'),
    });
    expect(await ativos()).toBe(8);
  });

  it('outside the window: refused, nothing restored', async () => {
    const r = await completo('beneficiarios', umaLinha('beneficiarios'), { confirmarCancelamentos: 8 });
    await t.db.query(`update importacoes set concluida_em = now() - interval '31 days' where id = $1`, [r.id]);
    await expect(desfazer(r.id, 30)).rejects.toMatchObject({
      statusCode: 409,
      message: 'Passou o prazo para desfazer esta importação (30 dias depois de aplicada, IMPORTACAO_DESFAZER_DIAS).',
    });
    expect(await ativos()).toBe(1);
  });

  it('a member a later import changed again is left as it is; the others come back', async () => {
    const r = await completo('beneficiarios', umaLinha('beneficiarios'), { confirmarCancelamentos: 8 });
    // Roberto back in a later (incremental) file, then cancelled by the operator with a date of its own.
    const roberto = arquivo(ARQUIVO.beneficiarios, (l) => l.startsWith('1310077001;'));
    expect(
      await importar(t.db, Readable.from([roberto.replace(';2016-02-01;;', ';2016-02-01;2026-01-31;')]), {
        entidade: 'beneficiarios',
        formato: 'csv',
        modo: 'incremental',
        dryRun: false,
        origem: 'cli',
      }),
    ).toMatchObject({ status: 'aplicado', alterados: 1 });
    expect(await desfazer(r.id)).toMatchObject({ restaurados: 7, ignorados: 1 });
    expect(
      await t.db.query(
        `select ativo, data_exclusao::text as d from beneficiarios where codigo_beneficiario = '1310077001'`,
      ),
    ).toEqual([{ ativo: false, d: '2026-01-31' }]);
    expect(await ativos()).toBe(8);
  });

  it('prestadores: the inactivated providers are active again', async () => {
    const total = await contar('select count(*)::int as n from prestadores where ativo');
    const r = await completo('prestadores', umaLinha('prestadores'), { confirmarCancelamentos: total! - 1 });
    expect(r).toMatchObject({ status: 'aplicado', inativados: total! - 1 });
    expect(await contar('select count(*)::int as n from guia_inativos_contagem')).toBeGreaterThan(0);
    expect(await desfazer(r.id)).toMatchObject({ restaurados: total! - 1, ignorados: 0 });
    expect(await contar('select count(*)::int as n from prestadores where ativo')).toBe(total);
    expect(await contar('select count(*)::int as n from guia_inativos_contagem')).toBe(0);
  });

  it('reembolso-tabela: the deleted lines are back as they were', async () => {
    const antes = await t.db.query('select * from reembolso_tabela order by tipo, codigo_tuss');
    const r = await completo('reembolso-tabela', umaLinha('reembolso-tabela'), { confirmarCancelamentos: 6 });
    expect(await contar('select count(*)::int as n from reembolso_tabela')).toBe(1);
    expect(await desfazer(r.id)).toMatchObject({ restaurados: 6, ignorados: 0 });
    expect(await t.db.query('select * from reembolso_tabela order by tipo, codigo_tuss')).toEqual(antes);
  });

  it('an incremental import, a dry run, an unknown id: refused', async () => {
    const incremental = await completo('beneficiarios', umaLinha('beneficiarios'), { modo: 'incremental' });
    expect(incremental).toMatchObject({ status: 'aplicado', inativados: 0 });
    await expect(desfazer(incremental.id)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('não cancelou, não inativou nem apagou nada'),
    });
    const simulacao = await completo('beneficiarios', umaLinha('beneficiarios'), {
      dryRun: true,
      confirmarCancelamentos: 8,
    });
    await expect(desfazer(simulacao.id)).rejects.toMatchObject({ statusCode: 409 });
    await expect(desfazer('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ statusCode: 404 });
  });
});
