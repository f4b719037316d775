import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// No link in the repository may leave it (issue 33): whoever clones it must be able to follow every
// relative link of every tracked Markdown file. A relative target must name a tracked file, or a
// folder holding tracked files, inside the repository; an absolute path (`/…`) is refused too (a
// machine's path). Links with a scheme (https:, mailto:) are not checked, and neither are anchors:
// `#…` is cut off and only the file it points into must exist.

const raiz = fileURLToPath(new URL('..', import.meta.url));

/** The link targets of a Markdown text: inline links and images, reference definitions, href/src. */
function alvos(texto: string): string[] {
  // fenced code blocks (``` or ~~~), then inline code spans: examples, not links
  const linhas: string[] = [];
  let cerca: string | null = null;
  for (const linha of texto.split('\n')) {
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(linha);
    if (cerca === null && m) cerca = m[1]!;
    else if (cerca !== null && m && m[1]![0] === cerca[0] && m[1]!.length >= cerca.length) cerca = null;
    else if (cerca === null) linhas.push(linha);
  }
  const semCodigo = linhas.join('\n').replace(/(`+)[\s\S]*?\1/g, '``');
  const encontrados: string[] = [];
  for (const m of semCodigo.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+["'(][^)]*)?\)/g)) {
    encontrados.push(m[1]!.replace(/^<|>$/g, ''));
  }
  for (const m of semCodigo.matchAll(/^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm)) {
    encontrados.push(m[1]!.replace(/^<|>$/g, ''));
  }
  for (const m of semCodigo.matchAll(/\b(?:href|src)\s*=\s*"([^"]*)"/g)) encontrados.push(m[1]!);
  return encontrados;
}

/** Why a link target of `arquivo` does not resolve inside the repository, or null when it does. */
function problema(arquivo: string, alvo: string, rastreados: Set<string>): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(alvo) || alvo.startsWith('#') || alvo === '') return null;
  if (alvo.startsWith('/')) return 'absolute path';
  let caminho = alvo.replace(/[#?].*$/, '');
  try {
    caminho = decodeURIComponent(caminho);
  } catch {
    return 'malformed';
  }
  const relativo = path.posix.normalize(path.posix.join(path.posix.dirname(arquivo), caminho)).replace(/\/$/, '');
  if (relativo === '..' || relativo.startsWith('../')) return 'leaves the repository';
  if (relativo === '.' || rastreados.has(relativo)) return null;
  for (const r of rastreados) if (r.startsWith(`${relativo}/`)) return null;
  return 'no such tracked file';
}

function rastreados(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: raiz, encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\0')
    .filter(Boolean);
}

describe('links in Markdown', () => {
  it('finds inline links and images but not those inside code', () => {
    const texto = [
      'See [the spec](../fora/spec.md) and ![logo](img/logo.svg "Logo").',
      '`[not a link](../fora.md)`',
      '```md',
      '[also not](../fora.md)',
      '```',
      '[ref]: ./docs/x.md',
    ].join('\n');
    expect(alvos(texto)).toEqual(['../fora/spec.md', 'img/logo.svg', './docs/x.md']);
  });

  it('refuses a target that leaves the repository', () => {
    expect(problema('README.md', '../fora/dados.md', new Set(['README.md']))).toBe('leaves the repository');
  });

  it('refuses a target that is not a tracked file', () => {
    expect(problema('docs/README.md', 'operacao/nada.md', new Set(['docs/README.md']))).toBe('no such tracked file');
  });

  it('accepts a tracked file, a folder of tracked files and an anchor into one', () => {
    const arquivos = new Set(['docs/README.md', 'docs/decisions/0001-stack.md']);
    expect(
      ['decisions/0001-stack.md#context', 'decisions/', '../docs/README.md', '#top'].map((a) =>
        problema('docs/README.md', a, arquivos),
      ),
    ).toEqual([null, null, null, null]);
  });

  it('every relative link of every tracked Markdown file resolves inside the repository', () => {
    const todos = rastreados();
    const conjunto = new Set(todos);
    const quebrados: string[] = [];
    for (const arquivo of todos.filter((a) => a.endsWith('.md'))) {
      let texto: string;
      try {
        texto = readFileSync(path.join(raiz, arquivo), 'utf8');
      } catch {
        continue; // tracked but deleted in this work tree
      }
      for (const alvo of alvos(texto)) {
        const p = problema(arquivo, alvo, conjunto);
        if (p) quebrados.push(`${arquivo}: ${alvo} (${p})`);
      }
    }
    expect(quebrados).toEqual([]);
  });
});
