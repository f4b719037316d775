import { loadOperadora } from '@portal/operadora';
import { describe, expect, it, vi } from 'vitest';
import { lerPdf } from '../../../../../test/pdf-text';
import { loadConfig } from '../../config';

const operadora = loadOperadora(loadConfig({}).operadoraDir, {});

describe('documento', () => {
  it("keeps every character in the text layer whatever the process drew before (':' holds two '.')", async () => {
    // A process's first documents: its fonts are parsed anew, as at a server's start.
    vi.resetModules();
    const { criarDocumento, paragrafo, titulo } = await import('./documento');
    const novo = () =>
      criarDocumento({ titulo: 'Teste', assunto: 'Teste', operadora, emitidoEm: new Date(0), rodape: false });

    // The first one has colons and semicolons (composites of '.' and ',') and no period or comma.
    const primeiro = novo();
    titulo(primeiro, 'Atendimento: 24h; todos os dias');
    paragrafo(primeiro, 'Atendimento: 24h; todos os dias');
    await primeiro.finalizar();

    const segundo = novo();
    titulo(segundo, 'Total R$ 1.234,56.');
    paragrafo(segundo, 'CPF 529.982.247-25, pago em 09/01/2026.');
    const { texto } = await lerPdf(await segundo.finalizar());
    expect(texto).toContain('Total R$ 1.234,56.');
    expect(texto).toContain('CPF 529.982.247-25, pago em 09/01/2026.');
  });
});
