import { type AnexoReembolso, type DocumentoReembolso, LIMITES_REEMBOLSO } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { novaChave } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';
import { enviarAnexo } from '../api/enviar-anexo';
import { AVISO_SEM_CONEXAO, avisoDoReenvio, type EstadoDoEnvio, falhaDoEnvio, paraReenviar } from './reenvio';

/** One file the member picked: sent at once, with its own progress, its own Idempotency-Key. */
export interface ArquivoEmEnvio {
  /** Local id (the list's key). */
  local: string;
  documento: DocumentoReembolso;
  nome: string;
  tamanho: number;
  /** The key of this file's upload, kept across retries: the API answers the same attachment. */
  chave: string;
  estado: EstadoDoEnvio;
  progresso: number;
  anexo?: AnexoReembolso;
  erro?: string;
  /** A dropped connection (or a timeout): a retry may succeed. A refusal (type, size, virus) may not. */
  podeTentarDeNovo?: boolean;
  /** It failed for want of a connection: it goes again by itself when the browser is back online. */
  rede?: boolean;
}

const MB = LIMITES_REEMBOLSO.bytesPorArquivo / 1024 ** 2;

/**
 * The attachments of a form: each file uploads as soon as it is picked (its progress bar moves as
 * bytes leave the phone), can be removed, and after a dropped connection is retried with the same
 * Idempotency-Key, so the API keeps one copy. Files that failed offline go again together when the
 * connection returns (the `online` event, issue 31), each saying so, and `aviso` says it once.
 */
export function useAnexos() {
  const perfil = usePerfilAutenticado();
  const [itens, setItens] = useState<ArquivoEmEnvio[]>([]);
  const arquivos = useRef(new Map<string, File>());
  const controles = useRef(new Map<string, AbortController>());
  /** Files with an upload on its way: never a second one at the same time (a flapping connection). */
  const emEnvio = useRef(new Set<string>());
  const itensAtuais = useRef(itens);
  useEffect(() => {
    itensAtuais.current = itens;
  }, [itens]);
  /** Said in the form's live region: the connection dropped, or came back with files to send. */
  const [aviso, setAviso] = useState<string | null>(null);

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
      if (!arquivo || !perfil || emEnvio.current.has(item.local)) return;
      const ctl = new AbortController();
      controles.current.set(item.local, ctl);
      emEnvio.current.add(item.local);
      mudar(item.local, {
        estado: 'enviando',
        progresso: 0,
        erro: undefined,
        podeTentarDeNovo: undefined,
        rede: undefined,
      });
      enviarAnexo({
        perfil,
        arquivo,
        nome: item.nome,
        documento: item.documento,
        chave: item.chave,
        signal: ctl.signal,
        onProgresso: (f) => mudar(item.local, { progresso: f }),
      })
        .then(
          (anexo) => mudar(item.local, { estado: 'enviado', progresso: 1, anexo }),
          (e: unknown) => {
            if (ctl.signal.aborted) return;
            const falha = falhaDoEnvio(e, navigator.onLine);
            mudar(item.local, falha);
            if (falha.estado === 'aguardando') setAviso(AVISO_SEM_CONEXAO);
          },
        )
        .finally(() => emEnvio.current.delete(item.local));
    },
    [perfil, mudar],
  );

  // Back online: every file that failed for want of the connection goes again, together.
  useEffect(() => {
    const voltou = () => {
      const lista = paraReenviar(itensAtuais.current, emEnvio.current).filter((i) => arquivos.current.has(i.local));
      if (lista.length === 0) return;
      setAviso(avisoDoReenvio(lista.length));
      for (const i of lista) subir(i);
    };
    window.addEventListener('online', voltou);
    return () => window.removeEventListener('online', voltou);
  }, [subir]);

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
    setAviso(null);
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
    /** Files waiting for the connection to come back (they go by themselves). */
    aguardandoConexao: itens.some((i) => i.estado === 'aguardando'),
    aviso,
  };
}

export type Anexos = ReturnType<typeof useAnexos>;
