import type { Entidade } from './layouts';
import { LAYOUTS } from './layouts';

/** docs/integracao/<entidade>.md, written from the layout itself (a test keeps the file equal to it). */
export function documentacao(entidade: Entidade): string {
  const layout = LAYOUTS[entidade];
  if (!layout) throw new Error(`sem layout: ${entidade}`);
  const cel = (s: string) => s.replace(/\|/g, '\\|');
  const linhas = [
    `# Layout de importação: ${entidade}`,
    '',
    'Arquivo CSV (separador `;`, linha de cabeçalho com os nomes abaixo, UTF-8 ou ISO-8859-1 com',
    '`--codificacao iso-8859-1`) ou JSON Lines (um objeto por linha, com as mesmas chaves; números e',
    'booleanos são aceitos como texto). Colunas opcionais podem faltar no cabeçalho; colunas',
    'desconhecidas recusam o arquivo. Datas em `AAAA-MM-DD` ou `DD/MM/AAAA`; valores em reais com até',
    'duas casas decimais (`1234.56`, `1234,56` ou `1.234,56`).',
    '',
    `Chave natural (upsert): \`${layout.chave.join('`, `')}\`.`,
    '',
    '| coluna | tipo | obrigatória | padrão | descrição | exemplo |',
    '| ------ | ---- | ----------- | ------ | --------- | ------- |',
    ...layout.colunas.map(
      (c) =>
        `| \`${c.nome}\` | ${cel(c.tipo)} | ${c.obrigatoria ? 'sim' : 'não'} | ${cel(c.padrao)} | ${cel(c.descricao)} | ${c.exemplo ? `\`${cel(c.exemplo)}\`` : ''} |`,
    ),
    '',
    '## Exemplo (CSV)',
    '',
    '```csv',
    layout.colunas.map((c) => c.nome).join(';'),
    layout.colunas.map((c) => c.exemplo).join(';'),
    '```',
    '',
    ...(layout.notas.length ? ['## Regras', '', ...layout.notas.map((n) => `- ${n}`), ''] : []),
  ];
  return linhas.join('\n');
}
