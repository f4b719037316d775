import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import type { ImportacoesAtendimentoResponse, Operadora } from '@portal/contract';
import { usarOperadora } from '@/lib/operadora';
import { chavesAtendimento } from '../api/keys';
import { ImportacoesPage } from './importacoes-page';

type Linha = ImportacoesAtendimentoResponse['importacoes'][number];
const BASE: Linha = {
  id: 'a1',
  entidade: 'beneficiarios',
  modo: 'completo',
  dryRun: false,
  origem: 'api',
  status: 'aplicado',
  linhas: 1,
  incluidos: 0,
  alterados: 0,
  inalterados: 1,
  inativados: 0,
  totalErros: 0,
  primeiroErro: null,
  confirmacaoExigida: null,
  desfeitaEm: null,
  restaurados: null,
  iniciadaEm: '2026-11-29T12:00:00.000Z',
  concluidaEm: '2026-11-29T12:00:01.000Z',
};

/** The page as it renders with these imports already loaded. */
function pagina(...importacoes: Linha[]): string {
  usarOperadora({ nome: 'Saúde Exemplo' } as Operadora);
  const qc = new QueryClient();
  qc.setQueryData(chavesAtendimento.importacoes(), { importacoes, proxima: null });
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <ImportacoesPage />
    </QueryClientProvider>,
  );
}

it('an import refused for the bound of a completo file shows the count to confirm and why (issue 30)', () => {
  const mensagem =
    'Este arquivo cancelaria 8 de 9 beneficiários ativos (89 %), acima do limite de 5 % (até 4 sem confirmação).';
  const html = pagina({
    ...BASE,
    status: 'recusado',
    inativados: 8,
    totalErros: 1,
    primeiroErro: mensagem,
    confirmacaoExigida: 8,
  });
  expect(html).toContain('>Recusado</span>');
  expect(html).toContain('>8 cancelamentos a confirmar</span>');
  expect(html).toContain(`>${mensagem}</p>`);
});

it('an undone import says so, with the records restored', () => {
  const html = pagina({ ...BASE, inativados: 8, desfeitaEm: '2026-11-29T13:00:00.000Z', restaurados: 8 });
  expect(html).toContain('>Desfeita</span>');
  expect(html).toContain('>Desfeita em 29/11/2026 às 10:00: 8 registro(s) restaurado(s).</p>');
});
