import type { CompetenciaCoParticipacao } from '@portal/contract';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAbrirDocumento } from '@/components/documentos';
import { useExtratoCoParticipacao } from '../api/extrato-coparticipacao';
import { nomesDeArquivo } from './formatos';

/** 'Baixar Extrato': the statement of one competence as a PDF. */
export function BaixarExtrato({
  competencia: c,
  rotuloExtra,
}: {
  competencia: CompetenciaCoParticipacao;
  rotuloExtra?: string;
}) {
  const extrato = useExtratoCoParticipacao();
  const abrir = useAbrirDocumento();
  const gerando = extrato.isPending;
  return (
    <Button
      variant="outline"
      disabled={gerando}
      aria-busy={gerando || undefined}
      onClick={() =>
        extrato.mutate(
          { anoCompetencia: c.anoCompetencia, mesCompetencia: c.mesCompetencia },
          { onSuccess: (blob) => abrir(blob, nomesDeArquivo.extrato(c.anoCompetencia, c.mesCompetencia)) },
        )
      }
    >
      <Download aria-hidden="true" />
      {gerando ? 'Gerando...' : 'Baixar Extrato'}
      {rotuloExtra ? <span className="sr-only"> {rotuloExtra}</span> : null}
    </Button>
  );
}
