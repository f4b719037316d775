import { AVALIACAO, type ItemUtilizacao } from '@portal/contract';
import { formatarNumeroProtocolo } from '@portal/contract/protocolos';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useChaveDeEnvio } from '@/lib/idempotencia';
import { toast } from '@/lib/toast';
import { useAvaliarAtendimento } from '../api/avaliar-atendimento';
import { dataUtc } from './categorias';
import { Estrelas } from './estrelas';

/**
 * The rating dialog (docs/produto/utilizacao.md, "Screens", "States", "Validation"): 1–5 stars required ('Dados incompletos'), an optional comment
 * of at most 500 characters. On success 'Avaliação enviada!' with the protocol, and the dialog
 * closes (its state resets with it).
 */
export function AvaliacaoDialogBody({
  item,
  codigoBeneficiario,
  onConcluido,
}: {
  item: ItemUtilizacao;
  codigoBeneficiario: string;
  onConcluido: () => void;
}) {
  const id = useId();
  const [nota, setNota] = useState<number | null>(null);
  const [comentario, setComentario] = useState('');
  const avaliar = useAvaliarAtendimento();
  const chave = useChaveDeEnvio();

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (nota === null) {
      toast.error('Dados incompletos', { description: 'Por favor, selecione uma nota para a avaliação.' });
      return;
    }
    const avaliacao = {
      codigoBeneficiario,
      codigoPrestador: item.procedimento,
      data: item.data,
      nota,
      ...(comentario.trim() ? { comentario: comentario.trim() } : {}),
    };
    avaliar.mutate(
      { avaliacao, chave: chave.para(avaliacao) },
      {
        onSuccess: (r) => {
          chave.concluir();
          toast.success('Avaliação enviada!', { description: `Protocolo ${formatarNumeroProtocolo(r.protocolo)}` });
          onConcluido();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={enviar} className="space-y-5">
      <div>
        <DialogTitle>Avaliar atendimento</DialogTitle>
        <DialogDescription>
          {item.descricao} — {item.fantasia}, {dataUtc(item.data)}
        </DialogDescription>
      </div>
      <fieldset className="space-y-2">
        <legend id={`${id}-nota`} className="font-semibold text-slate-800">
          Nota
        </legend>
        <p id={`${id}-nota-dica`} className="text-sm text-slate-700">
          De 1 (muito ruim) a 5 estrelas (excelente).
        </p>
        <Estrelas value={nota} onChange={setNota} labelledBy={`${id}-nota`} describedBy={`${id}-nota-dica`} />
      </fieldset>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-comentario`}>Comentário (opcional)</Label>
        <Textarea
          id={`${id}-comentario`}
          value={comentario}
          onChange={(e) => setComentario(e.target.value.slice(0, AVALIACAO.comentarioMaximo))}
          maxLength={AVALIACAO.comentarioMaximo}
          aria-describedby={`${id}-contador`}
        />
        <p id={`${id}-contador`} className="text-right text-sm text-slate-700">
          {comentario.length}/{AVALIACAO.comentarioMaximo} caracteres
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Cancelar</Button>
        </DialogClose>
        <Button type="submit" disabled={avaliar.isPending} aria-busy={avaliar.isPending || undefined}>
          {avaliar.isPending ? 'Enviando...' : 'Enviar Avaliação'}
        </Button>
      </div>
    </form>
  );
}
