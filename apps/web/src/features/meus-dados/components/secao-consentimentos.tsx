import type { Consentimento } from '@portal/contract';
import { useState } from 'react';
import { Carregando, FalhaAoCarregar } from '@/components/membro/carregando';
import { ProtocoloInfo } from '@/components/membro/protocolo-info';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useChaveDeEnvio } from '@/lib/idempotencia';
import { toast } from '@/lib/toast';
import { useConsentimentos } from '../api/consentimentos';
import { useRevogarConsentimento } from '../api/revogar-consentimento';
import { dataHoraSaoPaulo, listaEmPortugues } from './formatos';
import { NumeroProtocolo } from '@/components/protocolo/numero-protocolo';
import { formatarNumeroProtocolo } from '@portal/contract/protocolos';

export function SecaoConsentimentos() {
  const consentimentos = useConsentimentos();
  const [revogando, setRevogando] = useState<Consentimento | null>(null);
  const [protocolo, setProtocolo] = useState<string | null>(null);
  return (
    <Card aria-labelledby="consentimentos-titulo" className="space-y-4">
      <h2 id="consentimentos-titulo" className="text-xl font-bold text-slate-900">
        Autorizações de compartilhamento
      </h2>
      <p className="text-slate-700">
        Cada vez que você autoriza o envio dos seus dados a um parceiro, registramos a data, o texto que você leu e a
        finalidade. Você pode revogar uma autorização quando quiser.
      </p>
      {protocolo ? (
        <div role="status" className="space-y-2">
          <p className="font-semibold text-emerald-800">Autorização revogada.</p>
          <ProtocoloInfo protocolo={protocolo} />
        </div>
      ) : null}
      {consentimentos.isPending ? (
        <Carregando label="Carregando autorizações..." />
      ) : consentimentos.isError ? (
        <FalhaAoCarregar
          titulo="Não foi possível carregar as autorizações."
          onTentarNovamente={() => void consentimentos.refetch()}
        />
      ) : consentimentos.data.consentimentos.length === 0 ? (
        <p className="text-slate-700">Você não deu nenhuma autorização de compartilhamento.</p>
      ) : (
        <ul className="space-y-3">
          {consentimentos.data.consentimentos.map((c) => (
            <li key={c.idConsentimento} className="rounded-xl border border-slate-300 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{c.parceiro}</h3>
                {c.situacao === 'ATIVO' ? (
                  <Badge variant="success">Ativa</Badge>
                ) : (
                  <Badge variant="secondary">Revogada</Badge>
                )}
              </div>
              <dl className="mt-2 grid gap-x-4 gap-y-1 text-slate-800 sm:grid-cols-[auto_1fr]">
                <dt className="font-medium">Finalidade:</dt>
                <dd>{c.finalidade}</dd>
                <dt className="font-medium">Dados compartilhados:</dt>
                <dd>{listaEmPortugues(c.dadosCompartilhados)}</dd>
                <dt className="font-medium">Autorizada em:</dt>
                <dd>{dataHoraSaoPaulo(c.concedidoEm)}</dd>
                <dt className="font-medium">Versão do texto:</dt>
                <dd>{c.textoVersao}</dd>
                <dt className="font-medium">Protocolo:</dt>
                <dd>
                  <NumeroProtocolo numero={c.protocolo} />
                </dd>
                {c.revogadoEm ? (
                  <>
                    <dt className="font-medium">Revogada em:</dt>
                    <dd>{dataHoraSaoPaulo(c.revogadoEm)}</dd>
                  </>
                ) : null}
              </dl>
              {c.situacao === 'ATIVO' ? (
                <Button variant="outline" size="sm" className="mt-3" onClick={() => setRevogando(c)}>
                  Revogar
                  <span className="sr-only"> a autorização para {c.parceiro}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmarRevogacao consentimento={revogando} onFechar={() => setRevogando(null)} onRevogado={setProtocolo} />
    </Card>
  );
}

function ConfirmarRevogacao({
  consentimento,
  onFechar,
  onRevogado,
}: {
  consentimento: Consentimento | null;
  onFechar: () => void;
  onRevogado: (protocolo: string) => void;
}) {
  const revogar = useRevogarConsentimento();
  const chave = useChaveDeEnvio();
  const confirmar = () => {
    if (!consentimento) return;
    const { idConsentimento } = consentimento;
    revogar.mutate(
      { idConsentimento, chave: chave.para({ idConsentimento }) },
      {
        onSuccess: (r) => {
          chave.concluir();
          onRevogado(r.protocolo);
          onFechar();
          toast.success('Autorização revogada', { description: `Protocolo ${formatarNumeroProtocolo(r.protocolo)}.` });
        },
      },
    );
  };
  return (
    <Dialog open={consentimento !== null} onOpenChange={(v) => !v && onFechar()}>
      <DialogContent>
        <DialogTitle>Revogar autorização?</DialogTitle>
        <DialogDescription>
          {consentimento
            ? `Seus dados (${listaEmPortugues(consentimento.dadosCompartilhados)}) deixarão de ser enviados a ${consentimento.parceiro}. ` +
              'Para usar o serviço do parceiro de novo, pediremos uma nova autorização.'
            : null}
        </DialogDescription>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancelar</Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={confirmar}
            disabled={revogar.isPending}
            aria-busy={revogar.isPending || undefined}
          >
            {revogar.isPending ? 'Revogando...' : 'Revogar'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
