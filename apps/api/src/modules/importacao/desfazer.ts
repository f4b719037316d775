import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { AppError } from '../../lib/app-error';
import type { Origin } from '../../lib/request';
import { AuditRepository } from '../../core/auditoria/repository';
import { LAYOUTS } from './layouts';
import { mensagemOcupada } from './motor';
import { StagingRepository } from './staging-repository';

/** Who undoes it: the audit row's origin, and the channel (the CLI, or an operator key). */
export interface OpcoesDesfazer {
  /** The undo window in days (config.importacao.desfazerDias). */
  janelaDias: number;
  clock: Clock;
  origem: Origin & { canal: 'cli' | 'api'; chaveId?: string | null };
}

export interface Desfeita {
  id: string;
  entidade: string;
  /** Records put back. */
  restaurados: number;
  /** Records the import removed that a later change left otherwise: not touched. */
  ignorados: number;
  desfeitaEm: string;
}

const naoDesfazivel = (mensagem: string) => new AppError(409, 'IMPORTACAO_NAO_DESFAZIVEL', mensagem);

/**
 * Undoes what an applied import removed (decision 0049): the members it cancelled, the providers it
 * inactivated, the reimbursement lines it deleted come back, in one transaction under the entity's
 * import lock, with one audit row. Only the records still as the import left them; the rest are
 * counted as `ignorados`. What it included or changed stays (a newer file corrects that). Refused
 * (409) when the import applied nothing it can undo, was undone already, or is past the window.
 */
export async function desfazerImportacao(db: Db, id: string, o: OpcoesDesfazer): Promise<Desfeita> {
  // A large undo may run past the request bounds, as the import did.
  const livre = db.semLimites();
  try {
    return await livre.transaction(async (tx) => {
      const [i] = await tx.query<{
        entidade: keyof typeof LAYOUTS;
        modo: string;
        dry_run: boolean;
        status: string;
        desfeita_em: Date | string | null;
        no_prazo: boolean;
      }>(
        `select entidade, modo, dry_run, status, desfeita_em,
                concluida_em >= now() - make_interval(days => $2) as no_prazo
           from importacoes where id = $1 for update`,
        [id, o.janelaDias],
      );
      if (!i) throw new AppError(404, 'NAO_ENCONTRADO', 'Importação não encontrada.');
      if (i.desfeita_em !== null)
        throw naoDesfazivel(
          `Esta importação já foi desfeita em ${new Date(i.desfeita_em).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })}.`,
        );
      if (i.status !== 'aplicado' || i.dry_run)
        throw naoDesfazivel('Só uma importação aplicada pode ser desfeita: esta não alterou nada.');
      const remocao = i.modo === 'completo' ? LAYOUTS[i.entidade]?.remocao : undefined;
      if (!remocao)
        throw naoDesfazivel(
          'Esta importação não cancelou, não inativou nem apagou nada: não há o que desfazer. ' +
            'Inclusões e alterações se corrigem com um novo arquivo.',
        );
      if (!i.no_prazo)
        throw naoDesfazivel(
          `Passou o prazo para desfazer esta importação (${o.janelaDias} dias depois de aplicada, IMPORTACAO_DESFAZER_DIAS).`,
        );
      // Not while an import of the entity runs (it may be changing the same records).
      if (!(await StagingRepository.travarEntidade(tx, i.entidade)))
        throw new AppError(409, 'IMPORTACAO_EM_ANDAMENTO', mensagemOcupada(i.entidade));

      const { restaurados, ignorados } = await remocao.desfazer(tx, id);
      const [r] = await tx.query<{ desfeita_em: Date | string }>(
        `update importacoes set desfeita_em = now(), restaurados = $2 where id = $1 returning desfeita_em`,
        [id, restaurados],
      );
      // Its records are no longer needed: an import is undone once.
      await tx.query('delete from importacao_alteracoes where importacao_id = $1', [id]);
      await new AuditRepository(tx, o.clock).write('importacao_desfeita', null, o.origem, {
        importacaoId: id,
        entidade: i.entidade,
        restaurados,
        ignorados,
        canal: o.origem.canal,
        chaveId: o.origem.chaveId ?? null,
      });
      return { id, entidade: i.entidade, restaurados, ignorados, desfeitaEm: new Date(r!.desfeita_em).toISOString() };
    });
  } finally {
    await livre.close();
  }
}
