import { type AnexoReembolso, type DocumentoReembolso, LIMITES_REEMBOLSO } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { novaChave } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';
import { mensagemDoErro } from '@/lib/query-errors';
import { enviarAnexo } from '../api/enviar-anexo';

/** One file the member picked: sent at once, with its own progress, its own Idempotency-Key. */
export interface ArquivoEmEnvio {
  /** Local id (the list's key). */
  local: string;
  documento: DocumentoReembolso;
  nome: string;
  tamanho: number;
  /** The key of this file's upload, kept across retries: the API answers the same attachment. */
  chave: string;
  estado: 'enviando' | 'enviado' | 'erro';
  progresso: number;
  anexo?: AnexoReembolso;
  erro?: string;
  /** A dropped connection (or a timeout): a retry may succeed. A refusal (type, size, virus) may not. */
  podeTentarDeNovo?: boolean;
}

const MB = LIMITES_REEMBOLSO.bytesPorArquivo / 1024 ** 2;

/** What the member reads when a file did not arrive. */
function mensagemDoEnvio(e: unknown): { erro: string; podeTentarDeNovo: boolean } {
  if (isApiError(e) && e.kind === 'http' && e.status < 500 && e.status !== 408 && e.status !== 429) {
    return { erro: e.serverMessage ?? 'O arquivo foi recusado.', podeTentarDeNovo: false };
  }
  if (isApiError(e) && e.kind === 'network') {
    return {
      erro: 'A conexão caiu durante o envio. Tente novamente: o arquivo não será duplicado.',
      podeTentarDeNovo: true,
    };
  }
  return { erro: mensagemDoErro(e), podeTentarDeNovo: true };
}

/**
 * The attachments of a form: each file uploads as soon as it is picked (its progress bar moves as
 * bytes leave the phone), can be removed, and after a dropped connection is retried with the same
 * Idempotency-Key, so the API keeps one copy.
 */
export function useAnexos() {
  const perfil = usePerfilAutenticado();
  const [itens, setItens] = useState<ArquivoEmEnvio[]>([]);
  const arquivos = useRef(new Map<string, File>());
  const controles = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const c = controles.current;
    return () => c.forEach((ctl) => ctl.abort());
  }, []);

  const mudar = useCallback((local: string, m: Partial<ArquivoEmEnvio>) => {
    setItens((l) => l.map((i) => (i.local === local ? { ...i, ...m } : i)));
  }, []);

  const subir = useCallback(
    (item: ArquivoEmEnvio) => {
      const arquivo = arquivos.current.get(item.local);
      if (!arquivo || !perfil) return;
      const ctl = new AbortController();
      controles.current.set(item.local, ctl);
      mudar(item.local, { estado: 'enviando', progresso: 0, erro: undefined, podeTentarDeNovo: undefined });
      enviarAnexo({
        perfil,
        arquivo,
        nome: item.nome,
        documento: item.documento,
        chave: item.chave,
        signal: ctl.signal,
        onProgresso: (f) => mudar(item.local, { progresso: f }),
      }).then(
        (anexo) => mudar(item.local, { estado: 'enviado', progresso: 1, anexo }),
        (e: unknown) => {
          if (ctl.signal.aborted) return;
          mudar(item.local, { estado: 'erro', ...mensagemDoEnvio(e) });
        },
      );
    },
    [perfil, mudar],
  );

  const adicionar = useCallback(
    (documento: DocumentoReembolso, lista: FileList | File[]) => {
      const novos: ArquivoEmEnvio[] = [];
      for (const arquivo of Array.from(lista)) {
        const item: ArquivoEmEnvio = {
          local: novaChave(),
          documento,
          nome: arquivo.name || 'foto.jpg',
          tamanho: arquivo.size,
          chave: novaChave(),
          estado: 'enviando',
          progresso: 0,
        };
        if (arquivo.size > LIMITES_REEMBOLSO.bytesPorArquivo) {
          novos.push({ ...item, estado: 'erro', erro: `O arquivo passa de ${MB} MB. Envie um arquivo menor.` });
          continue;
        }
        arquivos.current.set(item.local, arquivo);
        novos.push(item);
      }
      setItens((l) => [...l, ...novos]);
      for (const n of novos) if (n.estado === 'enviando') subir(n);
    },
    [subir],
  );

  const remover = useCallback((local: string) => {
    controles.current.get(local)?.abort();
    controles.current.delete(local);
    arquivos.current.delete(local);
    setItens((l) => l.filter((i) => i.local !== local));
  }, []);

  const tentarDeNovo = useCallback(
    (local: string) => {
      const item = itens.find((i) => i.local === local);
      if (item) subir(item);
    },
    [itens, subir],
  );

  const limpar = useCallback(() => {
    controles.current.forEach((c) => c.abort());
    controles.current.clear();
    arquivos.current.clear();
    setItens([]);
  }, []);

  const enviados = itens.filter((i) => i.estado === 'enviado' && i.anexo);
  return {
    itens,
    adicionar,
    remover,
    tentarDeNovo,
    limpar,
    /** Ids of the attachments the API holds, in the order picked. */
    ids: enviados.map((i) => i.anexo!.id),
    documentosEnviados: new Set(enviados.map((i) => i.documento)),
    enviando: itens.some((i) => i.estado === 'enviando'),
    comErro: itens.some((i) => i.estado === 'erro'),
  };
}

export type Anexos = ReturnType<typeof useAnexos>;
