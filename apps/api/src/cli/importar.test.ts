import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DADOS_DEMO_DIR } from '../seed/arquivos';
import { startApp, type TestApp } from '../../test/helper';
import { executarImportar, UsoInvalido } from './importar';

// `npm run importar` (issue 30, decision 0049): a truncated completo file refused with the count to
// confirm, --confirmar-cancelamentos, and `desfazer <id>`, on the test database.
let t: TestApp;
let dir: string;
let umaLinha: string;
beforeAll(async () => {
  t = await startApp();
  dir = mkdtempSync(join(tmpdir(), 'importar-cli-'));
  // The demo operator's members file cut to its header and one active member: 8 of the 9 others cancelled.
  const [cabecalho, ...linhas] = readFileSync(join(DADOS_DEMO_DIR, '03-beneficiarios.csv'), 'utf8').split('\n');
  umaLinha = join(dir, 'beneficiarios.csv');
  writeFileSync(umaLinha, [cabecalho, linhas.find((l) => l.startsWith('1100234001;'))].join('\n') + '\n');
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

async function rodar(...argv: string[]): Promise<{ status: number; saida: string }> {
  const linhas: string[] = [];
  const status = await executarImportar(argv, {
    abrir: async () => ({ db: t.db, importacao: t.config.importacao }),
    escrever: (l) => linhas.push(l),
    clock: t.clock,
  });
  return { status, saida: linhas.join('\n') };
}
const ativos = async () =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from beneficiarios where ativo'))[0]?.n;

describe('npm run importar -- <entidade> <arquivo> --modo completo', () => {
  it('a file past the bound: exit 1, the count to confirm and what it would do', async () => {
    const r = await rodar('beneficiarios', umaLinha, '--modo', 'completo');
    expect(r.status).toBe(1);
    expect(r.saida).toContain(
      '  arquivo: Este arquivo cancelaria 8 de 9 beneficiários ativos (89 %), acima do limite de 5 %',
    );
    expect(r.saida).toContain('confirme o número exato: --confirmar-cancelamentos 8');
    expect(r.saida).toContain('Se aplicado, seriam incluídos: 0 · alterados: 0 · inalterados: 1 · inativados: 8');
    expect(await ativos()).toBe(9);
  });

  it('--confirmar-cancelamentos with another number: exit 1, nothing cancelled', async () => {
    const r = await rodar('beneficiarios', umaLinha, '--modo', 'completo', '--confirmar-cancelamentos', '9');
    expect(r.status).toBe(1);
    expect(r.saida).toContain('A confirmação (9) não confere: este arquivo cancelaria 8 de 9 beneficiários ativos.');
    expect(await ativos()).toBe(9);
  });

  it('--dry-run shows the count of cancellations', async () => {
    const r = await rodar(
      'beneficiarios',
      umaLinha,
      '--modo',
      'completo',
      '--dry-run',
      '--confirmar-cancelamentos',
      '8',
    );
    expect(r.status).toBe(0);
    expect(r.saida).toContain(': validado');
    expect(r.saida).toContain('Seriam incluídos: 0 · alterados: 0 · inalterados: 1 · inativados: 8');
    expect(await ativos()).toBe(9);
  });

  it('wrong uses of the confirmation and of desfazer are refused with the usage', async () => {
    await expect(
      rodar('beneficiarios', umaLinha, '--modo', 'completo', '--confirmar-cancelamentos', 'oito'),
    ).rejects.toThrow(
      new UsoInvalido('--confirmar-cancelamentos deve ser o número exato de registros (um inteiro, 0 ou mais).'),
    );
    await expect(rodar('beneficiarios', umaLinha, '--confirmar-cancelamentos', '8')).rejects.toThrow(
      '--confirmar-cancelamentos só vale com --modo completo.',
    );
    await expect(rodar('desfazer')).rejects.toThrow('Informe o id da importação');
  });
});

describe('npm run importar -- desfazer <id>', () => {
  it('the exact count applies; desfazer brings the 8 members back, once', async () => {
    const r = await rodar('beneficiarios', umaLinha, '--modo', 'completo', '--confirmar-cancelamentos', '8');
    expect(r.status).toBe(0);
    expect(await ativos()).toBe(1);
    const id = /Importação ([0-9a-f-]{36}) /.exec(r.saida)?.[1] ?? '';
    expect(r.saida).toContain(`(até 30 dias): npm run importar -- desfazer ${id}`);

    expect(await rodar('desfazer', id)).toEqual({
      status: 0,
      saida: `Importação ${id} (beneficiarios) desfeita: 8 registro(s) restaurado(s).`,
    });
    expect(await ativos()).toBe(9);
    const again = await rodar('desfazer', id);
    expect(again.status).toBe(1);
    expect(again.saida).toMatch(/^Esta importação já foi desfeita em /);
    expect(await ativos()).toBe(9);
  });
});
