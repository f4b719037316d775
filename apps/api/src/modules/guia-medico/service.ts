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
import type { Cartao, Escopo, GuiaMedicoRepository } from './repository';

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
}

export class GuiaMedicoService {
  private readonly listas: LRUCache<string, Lista, { escopo: Escopo; palavras: string[] }> | null;

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
          fetchMethod: (_chave, _antigo, { context }) => this.buscarLista(context.escopo, context.palavras),
        });
  }

  private buscarLista(escopo: Escopo, palavras: string[]): Promise<Lista> {
    return this.repo.listaComTexto(escopo, palavras);
  }

  cidades(somenteOdonto: boolean): Promise<Cidade[]> {
    return this.repo.cidades(somenteOdonto);
  }

  async especialidades(codigoPrestador: number | undefined, removeOdonto: boolean): Promise<Especialidade[]> {
    if (codigoPrestador !== undefined && !(await this.repo.prestadorNoGuia(codigoPrestador)))
      throw new AppError(404, 'NAO_ENCONTRADO', 'Prestador não encontrado no guia médico.');
    return this.repo.especialidades(codigoPrestador ?? null, removeOdonto);
  }

  /** Spec 7 Prestadores: the page of cards, grouped by specialty, with the totals. */
  async prestadores(f: PrestadoresFiltro): Promise<PrestadoresResponse> {
    const escopo: Escopo = {
      codigoCidade: f.codigoCidade ?? 0,
      codigoEspecialidade: f.codigoEspecialidade ?? null,
      somenteOdonto: f.somenteOdonto,
    };
    const deslocamento = (f.pagina - 1) * f.itensPagina;
    const palavras = palavrasDaBusca(f.nomeCredenciado);
    let total: number;
    let cartoes: Cartao[] = [];
    if (palavras.length === 0) {
      ({ total, cartoes } = await this.repo.pagina(escopo, f.itensPagina, deslocamento));
    } else {
      const lista = await this.lista(escopo, palavras);
      total = lista.length / 2;
      if (deslocamento < total) {
        const fim = Math.min(total, deslocamento + f.itensPagina);
        const prestadores: number[] = [];
        const ordens: number[] = [];
        for (let i = deslocamento; i < fim; i++) {
          prestadores.push(lista[2 * i]!);
          ordens.push(lista[2 * i + 1]!);
        }
        cartoes = await this.repo.fichas(prestadores, ordens);
      }
    }
    return {
      especialidades: agrupar(cartoes, escopo.codigoCidade),
      paginaAtual: f.pagina,
      totalPaginas: Math.ceil(total / f.itensPagina),
      totalRegistros: total,
    };
  }

  private async lista(escopo: Escopo, palavras: string[]): Promise<Lista> {
    if (!this.listas) return this.buscarLista(escopo, palavras);
    const chave = JSON.stringify([escopo.codigoCidade, escopo.codigoEspecialidade, escopo.somenteOdonto, palavras]);
    const lista = await this.listas.fetch(chave, { context: { escopo, palavras } });
    return lista ?? new Int32Array(0);
  }

  /** Forgets the free-text lists (after the network changed in this process). */
  esquecerBuscas(): void {
    this.listas?.clear();
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
    const f = typeof ficha === 'string' ? (JSON.parse(ficha) as Cartao['ficha']) : ficha;
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
