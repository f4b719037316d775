import { ExternalLink, Video } from 'lucide-react';
import { useState } from 'react';
import { LinkExterno } from '@/components/link-externo';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { operadora } from '@/lib/operadora';

/** docs/produto/informacoes.md "Telemedicine": a confirmation 'Redirecionamento Externo'; Continuar opens the partner in a new tab. */
export function TeleMedicinaPage() {
  const url = operadora().links.teleMedicina;
  const [aberto, setAberto] = useState(false);
  const [redirecionado, setRedirecionado] = useState(false);

  const continuar = () => {
    // From the click itself (pop-up blockers allow it); the partner cannot reach back into the
    // portal (noopener) nor learn where the member came from (noreferrer).
    window.open(url, '_blank', 'noopener,noreferrer');
    setAberto(false);
    // With noopener the browser never says whether the tab opened (window.open returns null
    // either way), so the way in stays on the page in case a pop-up blocker stopped it.
    setRedirecionado(true);
  };

  return (
    <div>
      <PageHeader title="Telemedicina">
        <p className="max-w-3xl text-slate-700">
          Consultas por vídeo com profissionais de saúde, pelo celular ou computador, na plataforma de telemedicina
          parceira da {operadora().nome}.
        </p>
      </PageHeader>
      <Dialog open={aberto} onOpenChange={setAberto}>
        <Card className="max-w-2xl">
          <div className="flex items-start gap-4">
            <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Video aria-hidden="true" className="size-7" />
            </span>
            <div className="space-y-4">
              <p className="text-slate-800">O atendimento acontece no site do parceiro, que abre em uma nova aba.</p>
              {/* A Radix trigger: closing the dialog gives focus back to it. */}
              <DialogTrigger asChild>
                <Button>
                  <ExternalLink aria-hidden="true" />
                  Acessar a Telemedicina
                </Button>
              </DialogTrigger>
            </div>
          </div>
        </Card>
        <DialogContent>
          <DialogTitle>Redirecionamento Externo</DialogTitle>
          <DialogDescription>
            Você vai sair do Portal do Beneficiário e abrir a plataforma de telemedicina do nosso parceiro em uma nova
            aba. Deseja continuar?
          </DialogDescription>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancelar</Button>
            </DialogClose>
            <Button onClick={continuar}>Continuar</Button>
          </div>
        </DialogContent>
      </Dialog>
      {redirecionado ? (
        <Alert variant="info" className="mt-5 max-w-2xl">
          <p>
            Se a nova aba da telemedicina não abriu (o navegador pode ter bloqueado a janela),{' '}
            <LinkExterno href={url} className="font-semibold underline underline-offset-4">
              acesse a plataforma de telemedicina por este link
            </LinkExterno>
            .
          </p>
        </Alert>
      ) : null}
    </div>
  );
}
