import {
  MOTIVOS_ALTERACAO_REDE,
  palavrasDaBusca,
  TIPOS_ALTERACAO_REDE,
  type Cidade,
  type Especialidade,
  type Prestador,
  type PrestadoresFiltro,
  type PrestadoresResponse,
  type PrestadorSubstituido,
  type Produto,
} from '@portal/contract';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../lib/app-error';
import type { Cartao, Escopo, Ficha, GuiaMedicoRepository } from './repository';

/**
 * Every card a free-text search matched, in order: [provider, group, provider, group, ...].
 * Kept a few minutes per instance, so the count and the next pages of a search cost no scan.
 */
type Lista = Int32Array;

export interface GuiaMedicoOptions {
  /** How long a free-text result list is reused (the network changes by imports, not by clicks); 0: never. */
  listaTtlMs?: number;
  /** Memory for those lists, in cards (8 bytes each). */
  listaMaxCartoes?: number;
  /** Memory for provider documents kept between pages, in characters of their JSON. */
  fichasMaxCaracteres?: number;
}

/**
 * What an instance keeps in memory is tied to the version of the search views (guia_versao,
 * migration 0029; decision 0036): every search reads the version — with its page when there is no
 * free text — and a new version (guia_atualizar() after a seed or an import, on any instance)
 * drops the provider documents, the group names, the filter lists and the free-text lists at once.
 */
export class GuiaMedicoService {
  private readonly listas: LRUCache<string, Lista, { escopo: Escopo; palavras: string[] }> | null;
  private readonly fichas: LRUCache<number, string>;
  private versao: string | null = null;
  private nomesDosGrupos: Promise<Map<number, string>> | null = null;
  private readonly filtros = new Map<string, Promise<unknown>>();

  constructor(
    private readonly repo: GuiaMedicoRepository,
    opts: GuiaMedicoOptions = {},
  ) {
    const ttl = opts.listaTtlMs ?? 5 * 60_000;
    this.listas = !ttl
      ? null
      : new LRUCache({
          ttl,
          maxSize: opts.listaMaxCartoes ?? 4_000_000,
          sizeCalculation: (l) => Math.max(1, l.length / 2),
          // Concurrent requests for one search share one query (fetch() dedupes while it runs).
          fetchMethod: async (_chave, _antigo, { context }) =>
            (await this.repo.listaComTexto(context.escopo, context.palavras)).lista,
        });
    this.fichas = new LRUCache({
      maxSize: opts.fichasMaxCaracteres ?? 32_000_000,
      sizeCalculation: (f) => Math.max(1, f.length),
    });
  }

  /** Forgets everything kept from an older version of the search views. */
  private sincronizar(versao: string): void {
    if (versao === this.versao) return;
    this.versao = versao;
    this.fichas.clear();
    this.listas?.clear();
    this.nomesDosGrupos = null;
    this.filtros.clear();
  }

  /** A filter list (cities, specialties) of the current version, read once per version. */
  private async filtro<T>(chave: string, ler: () => Promise<T>): Promise<T> {
    this.sincronizar(await this.repo.versao());
    let lido = this.filtros.get(chave) as Promise<T> | undefined;
    if (!lido) {
      const novo = ler();
      this.filtros.set(chave, novo);
      novo.catch(() => this.filtros.get(chave) === novo && this.filtros.delete(chave));
      lido = novo;
    }
    return lido;
  }

  cidades(somenteOdonto: boolean): Promise<Cidade[]> {
    return this.filtro(`cidades ${somenteOdonto}`, () => this.repo.cidades(somenteOdonto));
  }

  async especialidades(codigoPrestador: number | undefined, removeOdonto: boolean): Promise<Especialidade[]> {
    if (codigoPrestador === undefined)
      return this.filtro(`especialidades ${removeOdonto}`, () => this.repo.especialidades(null, removeOdonto));
    if (!(await this.repo.prestadorNoGuia(codigoPrestador)))
      throw new AppError(404, 'NAO_ENCONTRADO', 'Prestador não encontrado no guia médico.');
    return this.repo.especialidades(codigoPrestador, removeOdonto);
  }

  /** docs/produto/guia-medico.md "Calls" Prestadores: the page of cards, grouped by specialty, with the totals. */
  async prestadores(f: PrestadoresFiltro): Promise<PrestadoresResponse> {
    const escopo: Escopo = {
      codigoCidade: f.codigoCidade ?? 0,
      codigoEspecialidade: f.codigoEspecialidade ?? null,
      somenteOdonto: f.somenteOdonto,
    };
    const deslocamento = (f.pagina - 1) * f.itensPagina;
    const palavras = palavrasDaBusca(f.nomeCredenciado);
    let total: number;
    let pagina: Int32Array;
    if (palavras.length === 0) {
      const r = await this.repo.pagina(escopo, f.itensPagina, deslocamento);
      this.sincronizar(r.versao);
      total = r.total;
      pagina = r.cartoes;
    } else {
      const lista = await this.lista(escopo, palavras);
      total = lista.length / 2;
      pagina = lista.subarray(2 * Math.min(total, deslocamento), 2 * Math.min(total, deslocamento + f.itensPagina));
    }
    const cartoes = pagina.length ? await this.cartoes(pagina) : [];
    return {
      especialidades: agrupar(cartoes, escopo.codigoCidade),
      paginaAtual: f.pagina,
      totalPaginas: Math.ceil(total / f.itensPagina),
      totalRegistros: total,
    };
  }

  private async lista(escopo: Escopo, palavras: string[]): Promise<Lista> {
    if (!this.listas) {
      const r = await this.repo.listaComTexto(escopo, palavras);
      this.sincronizar(r.versao);
      return r.lista;
    }
    const versao = await this.repo.versao();
    this.sincronizar(versao);
    const chave = JSON.stringify([
      versao,
      escopo.codigoCidade,
      escopo.codigoEspecialidade,
      escopo.somenteOdonto,
      palavras,
    ]);
    const lista = await this.listas.fetch(chave, { context: { escopo, palavras } });
    return lista ?? new Int32Array(0);
  }

  /** The cards of [provider, group, ...]: documents from memory, the missing ones in one query. */
  private async cartoes(pagina: Int32Array): Promise<Cartao[]> {
    const n = pagina.length / 2;
    const fichas: (string | undefined)[] = new Array(n);
    const faltam: number[] = [];
    for (let i = 0; i < n; i++) {
      fichas[i] = this.fichas.get(pagina[2 * i]!);
      if (fichas[i] === undefined) faltam.push(pagina[2 * i]!);
    }
    if (faltam.length) {
      const lidas = await this.repo.fichas(faltam);
      // Kept only when they belong to the version this instance holds (an import may be under way).
      const guardar = lidas.versao !== null && lidas.versao === this.versao;
      for (let i = 0; i < n; i++) {
        if (fichas[i] !== undefined) continue;
        const ficha = lidas.fichas.get(pagina[2 * i]!);
        fichas[i] = ficha;
        if (ficha !== undefined && guardar) this.fichas.set(pagina[2 * i]!, ficha);
      }
    }
    const nomes = await this.grupos();
    const cartoes: Cartao[] = [];
    for (let i = 0; i < n; i++) {
      const especialidade = nomes.get(pagina[2 * i + 1]!);
      const ficha = fichas[i];
      // A provider gone between the page and its documents (an import committed in between) is left out.
      if (ficha !== undefined && especialidade !== undefined) cartoes.push({ especialidade, ficha });
    }
    return cartoes;
  }

  /** The specialty groups' names by order, read once per version. */
  private grupos(): Promise<Map<number, string>> {
    if (this.nomesDosGrupos) return this.nomesDosGrupos;
    const versao = this.versao;
    const lidos = this.repo.grupos().then((g) => {
      if (g.versao !== versao && this.nomesDosGrupos === lidos) this.nomesDosGrupos = null;
      return g.nomes;
    });
    lidos.catch(() => this.nomesDosGrupos === lidos && (this.nomesDosGrupos = null));
    this.nomesDosGrupos = lidos;
    return lidos;
  }

  /** Forgets what this instance keeps of the guide (the version read by the next search does it too). */
  esquecerBuscas(): void {
    this.versao = null;
    this.sincronizar('');
  }

  produtos(): Promise<Produto[]> {
    return this.repo.produtos();
  }

  async prestadoresSubstituidos(codigoCidade: number | undefined): Promise<PrestadorSubstituido[]> {
    const rows = await this.repo.substituicoes(codigoCidade ?? null);
    return rows.map((r) => ({
      tipoAlteracao: r.tipo_alteracao as keyof typeof TIPOS_ALTERACAO_REDE,
      descricaoTipoAlteracao: TIPOS_ALTERACAO_REDE[r.tipo_alteracao as keyof typeof TIPOS_ALTERACAO_REDE],
      motivo: r.motivo as keyof typeof MOTIVOS_ALTERACAO_REDE,
      descricaoMotivo: MOTIVOS_ALTERACAO_REDE[r.motivo as keyof typeof MOTIVOS_ALTERACAO_REDE],
      cidade: { codigo: r.codigo_cidade, nome: r.nome_cidade, estado: r.uf },
      prestadorExcluido: { nome: r.nome_excluido, cnpj: r.cnpj_excluido },
      servicos: r.servicos,
      prestadorSubstituto: r.nome_substituto ? { codigo: r.codigo_substituto, nome: r.nome_substituto } : null,
      dataComunicacao: r.data_comunicacao,
      dataVigencia: r.data_vigencia,
      produtos: typeof r.produtos === 'string' ? JSON.parse(r.produtos) : r.produtos,
    }));
  }
}

/**
 * Consecutive cards of one specialty form a group (the page is already in group order). Each
 * provider's locations in the searched city come first; the city code stays inside the API.
 */
export function agrupar(cartoes: Cartao[], codigoCidade: number): PrestadoresResponse['especialidades'] {
  const grupos: PrestadoresResponse['especialidades'] = [];
  for (const { especialidade, ficha } of cartoes) {
    const f = typeof ficha === 'string' ? (JSON.parse(ficha) as Ficha) : ficha;
    const locais = [...f.locaisAtendimento].sort(
      (a, b) => Number(b.codigoCidade === codigoCidade) - Number(a.codigoCidade === codigoCidade),
    );
    const prestador = {
      codigo: f.codigo,
      nome: f.nome,
      nroRegistro: f.nroRegistro,
      selos: f.selos,
      locaisAtendimento: locais.map(({ codigoCidade: _, ...local }) => local),
    } as Prestador;
    const ultimo = grupos[grupos.length - 1];
    if (ultimo?.nome === especialidade) ultimo.prestadores.push(prestador);
    else grupos.push({ nome: especialidade, prestadores: [prestador] });
  }
  return grupos;
}
