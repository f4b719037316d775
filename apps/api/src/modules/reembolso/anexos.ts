import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { AnexoReembolso, DocumentoReembolso } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { limparNomeArquivo } from '../../lib/nome-arquivo';
import type { Membro } from '../../core/sessao/membro';
import { exigirVinculoAtivo } from '../../core/solicitacoes/solicitacoes';
import { preparar, receber } from './arquivos';
import { anexoPublico, ReembolsoBase } from './comum';
import type { AnexoRow } from './repository';

export interface NovoAnexo {
  documento: DocumentoReembolso;
  nome?: string;
  chave?: string;
}

/** The member's attachments (service.ts delegates to it). */
export class AnexosDoReembolso extends ReembolsoBase {
  /**
   * One file, streamed: received into a temporary file, scanned by clamd when configured, checked
   * and re-encoded (arquivos.ts), then stored once per SHA-256 within the member's quota. With an
   * Idempotency-Key a retry of the same bytes gets the same attachment; other bytes under the same
   * key are refused.
   */
  async enviarAnexo(membro: Membro, corpo: Readable, a: NovoAnexo): Promise<AnexoReembolso> {
    await exigirVinculoAtivo(this.d.db, membro);
    const recebido = await receber(corpo);
    try {
      const repetir = (anterior: AnexoRow) => {
        if (anterior.sha256Enviado !== recebido.sha256 || anterior.documento !== a.documento) {
          throw new AppError(
            422,
            'IDEMPOTENCIA_CONFLITO',
            'Esta chave de idempotência já foi usada para outro arquivo. Envie uma nova chave para um novo arquivo.',
          );
        }
        return anexoPublico(anterior);
      };
      if (a.chave) {
        const anterior = await this.repo.anexoPorChave(membro, a.chave);
        if (anterior) return repetir(anterior);
      }
      if (this.d.clamav) {
        let resultado;
        try {
          resultado = await this.d.clamav.varrer(createReadStream(recebido.caminho));
        } catch {
          throw new AppError(
            503,
            'INDISPONIVEL',
            'Não foi possível verificar o arquivo contra vírus agora. Tente novamente em alguns minutos.',
          );
        }
        if (!resultado.limpo) {
          throw new AppError(
            422,
            'ARQUIVO_INFECTADO',
            `O arquivo foi recusado: o antivírus encontrou ${resultado.virus}. Envie outro arquivo (por exemplo, uma foto do documento).`,
          );
        }
      }
      const conteudo = await preparar(recebido);
      const em = this.agora();
      const nome = nomeDoArquivo(a.nome, a.documento, conteudo.tipoMime);
      return await this.d.db.transaction(async (tx) => {
        const repo = this.repo.com(tx);
        // Per member and contract; a content the member already stored costs nothing more.
        if (!(await repo.conteudoDoMembro(membro, conteudo.sha256))) {
          const uso = await repo.usoDoMembro(membro);
          if (uso + conteudo.tamanho > this.d.cotaBytes) {
            const mb = Math.floor(this.d.cotaBytes / 1024 ** 2);
            throw new AppError(
              422,
              'COTA_EXCEDIDA',
              `Você atingiu o limite de ${mb} MB de anexos de reembolso. Fale com a Central de Atendimento.`,
            );
          }
        }
        await repo.guardarConteudo(conteudo, em);
        const novo = await repo.inserirAnexo({
          id: `anx_${randomBytes(16).toString('hex')}`,
          membro,
          sha256: conteudo.sha256,
          sha256Enviado: recebido.sha256,
          documento: a.documento,
          nomeArquivo: nome,
          tipoMime: conteudo.tipoMime,
          tamanho: conteudo.tamanho,
          chave: a.chave ?? null,
          em,
        });
        if (novo) return anexoPublico(novo);
        // The same key was stored at the same time by another try: the same answer.
        const anterior = await repo.anexoPorChave(membro, a.chave!);
        if (!anterior) throw new Error('attachment key conflict without a row');
        return repetir(anterior);
      });
    } finally {
      await recebido.descartar();
    }
  }

  /** One of the member's attachments, as stored (images re-encoded), streamed part by part. */
  async baixarAnexo(membro: Membro, id: string): Promise<{ anexo: AnexoReembolso; stream: Readable }> {
    const anexo = await this.repo.anexoDoMembro(membro, id);
    if (!anexo) throw new AppError(404, 'NAO_ENCONTRADO', 'Anexo não encontrado.');
    return { anexo: anexoPublico(anexo), stream: Readable.from(this.repo.bytesDoAnexo(id)) };
  }
}

const EXTENSOES: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** The name as the member sent it (no path, no control characters), with the stored type's extension. */
function nomeDoArquivo(nome: string | undefined, documento: DocumentoReembolso, tipoMime: string): string {
  const ext = EXTENSOES[tipoMime] ?? 'bin';
  // Cleaned (controls, bidi overrides, reserved characters, NFC: pentest defect 5), the extension
  // the member gave replaced by the one of the content, at most 100 characters before it.
  const base = limparNomeArquivo(nome ?? '', Infinity).replace(/\.[^.]*$/, '');
  return `${limparNomeArquivo(base, 100) || documento}.${ext}`;
}
