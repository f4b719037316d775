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
//
// Nor may a file point at the old product spec by its section numbers ("spec 7", "Spec 2 and 9",
// "spec section 7", "spec §9"): the product is described in docs/produto, and a reference names its
// page and heading there (`docs/produto/financeiro.md, "Calls"`; a link in Markdown).

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

/** A reference to the old spec by section number. */
const REFERENCIA_AO_SPEC =
  /\b[Ss]pec(?:ification)?(?: section)?\s?§?\s?\d+(?:\.\d+)?(?:(?:,\s?|\s(?:and|or)\s|\s?\/\s?)\d+(?:\.\d+)?)*/g;

/** Where docs/produto may speak of the spec, and this file's own examples. */
const SEM_REFERENCIAS = [/^docs\/produto\//, /^test\/links\.test\.ts$/];

/** The "spec N" references of a text, each with its line number. */
function referenciasAoSpec(texto: string): string[] {
  const achadas: string[] = [];
  texto.split('\n').forEach((linha, i) => {
    for (const m of linha.matchAll(REFERENCIA_AO_SPEC)) achadas.push(`${i + 1}: ${m[0]}`);
  });
  return achadas;
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

describe('references to the old spec', () => {
  it('finds a section number in its spellings', () => {
    const texto = [
      '/** Spec 7: the calls. */',
      'masked (spec 3, 7), spec section 7, spec §9 and spec 4.2',
      "Spec 2 and 9 'Co-payment table'",
    ].join('\n');
    expect(referenciasAoSpec(texto)).toEqual([
      '1: Spec 7',
      '2: spec 3, 7',
      '2: spec section 7',
      '2: spec §9',
      '2: spec 4.2',
      '3: Spec 2 and 9',
    ]);
  });

  it('leaves alone what is not a section number', () => {
    const texto = [
      "on top of the spec's 6 characters",
      'const [port, spec] = process.argv.slice(2);',
      '(docs/produto/financeiro.md, "Calls"), specialty 12',
    ].join('\n');
    expect(referenciasAoSpec(texto)).toEqual([]);
  });

  it('no tracked file outside docs/produto points at the old spec by section number', () => {
    const achadas: string[] = [];
    for (const arquivo of rastreados()) {
      if (SEM_REFERENCIAS.some((r) => r.test(arquivo))) continue;
      let texto: string;
      try {
        texto = readFileSync(path.join(raiz, arquivo), 'utf8');
      } catch {
        continue; // tracked but deleted in this work tree
      }
      if (texto.includes('\0')) continue; // binary
      for (const r of referenciasAoSpec(texto)) achadas.push(`${arquivo}:${r}`);
    }
    expect(achadas).toEqual([]);
  });
});
