import { formatBRL } from '@portal/br';
import { MAXIMO_MOTIVO_RECUSA, type ReembolsoAtendimento } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAcaoReembolso } from '../api/reembolsos';
import { chavesAtendimento } from '../api/keys';
import { mensagemDeErro } from '../lib/cliente';
import { dataHora } from '../lib/formatos';

/**
 * 'Recusar aprovação' (issue 31, four eyes, decision 0065): a supervisor who did not approve sends
 * an approval awaiting confirmation back to analysis, with a reason only the staff read (it becomes
 * an internal note). The server decides who may; this button shows only for them.
 */
export function RecusarAprovacao({
  reembolso,
  recarregar,
}: {
  reembolso: ReembolsoAtendimento;
  recarregar: () => Promise<unknown>;
}) {
  const [aberto, setAberto] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [desatualizado, setDesatualizado] = useState(false);
  const botao = useRef<HTMLButtonElement>(null);
  const qc = useQueryClient();
  const mutacao = useAcaoReembolso(reembolso.protocolo);
  const p = reembolso.aprovacaoPendente;
  if (!p) return null;

  function enviar(e: FormEvent) {
    e.preventDefault();
    const texto = motivo.trim();
    if (!texto) return setErro('Escreva o motivo da recusa.');
    setErro(null);
    setDesatualizado(false);
    mutacao.mutate(
      { acao: 'recusa', corpo: { motivo: texto }, versao: reembolso.versao },
      {
        onSuccess: () => {
          void qc.invalidateQueries({ queryKey: chavesAtendimento.notas(reembolso.protocolo) });
          setAberto(false);
          setMotivo('');
          toast.success('Aprovação recusada. O pedido voltou para análise e quem aprovou verá o motivo.');
        },
        onError: (err) => {
          setDesatualizado(err instanceof ApiError && err.code === 'VERSAO_DESATUALIZADA');
          setErro(mensagemDeErro(err));
        },
      },
    );
  }

  return (
    <>
      <Button ref={botao} variant="outline" size="sm" className="mt-3" onClick={() => setAberto(true)}>
        Recusar aprovação
      </Button>
      <Dialog open={aberto} onOpenChange={(a) => !mutacao.isPending && setAberto(a)}>
        {aberto ? (
          <DialogContent
            className="max-w-xl"
            onCloseAutoFocus={(e) => {
              e.preventDefault();
              botao.current?.focus();
            }}
          >
            <DialogTitle>Recusar aprovação</DialogTitle>
            <DialogDescription>
              Aprovação de <strong>{formatBRL(p.valor)}</strong> feita por {p.por.nome} em {dataHora(p.em)}, para{' '}
              {reembolso.beneficiario}. O pedido volta para análise e o beneficiário não é avisado da recusa.
            </DialogDescription>
            <form className="mt-4 space-y-4" onSubmit={enviar} noValidate>
              <FormField
                label="Motivo da recusa (só a equipe lê)"
                hint={`Fica como nota interna no histórico e aparece para quem aprovou. Até ${MAXIMO_MOTIVO_RECUSA} caracteres.`}
                error={erro ?? undefined}
              >
                {(c) => (
                  <Textarea
                    {...c}
                    name="motivo"
                    rows={4}
                    required
                    maxLength={MAXIMO_MOTIVO_RECUSA}
                    value={motivo}
                    onChange={(e) => setMotivo(e.target.value)}
                  />
                )}
              </FormField>
              {desatualizado ? (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    void recarregar().then(() => {
                      setErro(null);
                      setDesatualizado(false);
                    })
                  }
                >
                  Recarregar o reembolso
                </Button>
              ) : null}
              <div className="flex flex-wrap justify-end gap-2">
                <DialogClose asChild>
                  <Button variant="outline" disabled={mutacao.isPending}>
                    Cancelar
                  </Button>
                </DialogClose>
                <Button type="submit" variant="destructive" disabled={mutacao.isPending}>
                  {mutacao.isPending ? 'Enviando…' : 'Recusar aprovação'}
                </Button>
              </div>
            </form>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}

/** The last approval a supervisor refused, told to the staff (and to its author, in their words). */
export function AprovacaoRecusada({ reembolso, contaId }: { reembolso: ReembolsoAtendimento; contaId: string }) {
  const r = reembolso.aprovacaoRecusada;
  if (!r) return null;
  const de = r.aprovadaPor.id === contaId ? 'A sua aprovação' : `A aprovação feita por ${r.aprovadaPor.nome}`;
  return (
    <Alert variant="warning" title="Aprovação recusada">
      {de} de <strong>{formatBRL(r.valor)}</strong> foi recusada por {r.recusadaPor.nome} em {dataHora(r.em)}. Motivo: “
      {r.motivo}”. O pedido voltou para análise: aprove de novo, peça documentos ou negue.
    </Alert>
  );
}
