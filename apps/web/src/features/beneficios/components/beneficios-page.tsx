import { TERMO_CLUBE, textoTermoClube, type SmartLinkLoginResponse } from '@portal/contract';
import { ExternalLink, Gift } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ProtocoloInfo } from '@/components/membro/protocolo-info';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardIconTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useChaveDeEnvio } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';
import { operadora } from '@/lib/operadora';
import { useUsuario } from '@/lib/sessao-context';
import { toast } from '@/lib/toast';
import { useSmartLinkLogin } from '../api/link-do-clube';
import { erroDoClube } from './erros';
import { SoComPlanoAtivo } from '@/components/membro/plano-cancelado';
import { useSituacaoDoPlano } from '@/lib/api/situacao-do-plano';

/**
 * Benefits club (docs/produto/beneficios.md, "Screens"): a consent dialog ('Termo de Ciência – Redirecionamento para Parceiro'),
 * Cancelar / OK ('Gerando...'), then a button that opens the signed link in a new tab, and
 * 'Pop-up Bloqueado' with the link when the browser blocks the window. Closing resets the link.
 */
export function BeneficiosPage() {
  const situacao = useSituacaoDoPlano();
  const clube = operadora().clube;
  return (
    <div>
      <PageHeader title="Clube de benefícios" />
      {clube ? (
        <SoComPlanoAtivo situacao={situacao} motivo="O clube de benefícios é para beneficiários com plano ativo.">
          <Clube parceiro={clube.nome} />
        </SoComPlanoAtivo>
      ) : (
        <Alert variant="info" className="max-w-2xl">
          O clube de benefícios não está disponível.
        </Alert>
      )}
    </div>
  );
}

function Clube({ parceiro }: { parceiro: string }) {
  const usuario = useUsuario();
  const perfil = usePerfilAutenticado();
  const gerar = useSmartLinkLogin();
  const chave = useChaveDeEnvio();
  const [aberto, setAberto] = useState(false);
  const [link, setLink] = useState<SmartLinkLoginResponse | null>(null);
  const [bloqueado, setBloqueado] = useState<string | null>(null);
  // The link ready: its button comes into view and takes the focus (on a phone the consent text
  // above it fills the screen, and the button landed below the fold).
  const abrirRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!link) return;
    abrirRef.current?.scrollIntoView({ block: 'nearest' });
    abrirRef.current?.focus();
  }, [link]);

  const abrirTermo = (v: boolean) => {
    setAberto(v);
    if (!v) {
      setLink(null); // docs/produto/beneficios.md "States": closing resets the link
      gerar.reset();
    }
  };

  const ok = () => {
    if (!perfil || !usuario.cpf) {
      toast.error('Erro de Autenticação', { description: 'Dados do usuário incompletos. Faça login novamente.' });
      return;
    }
    gerar.mutate(
      { cpf: usuario.cpf, chave: chave.para({ cpf: usuario.cpf, versao: TERMO_CLUBE.versao }) },
      {
        onSuccess: (r) => {
          chave.concluir();
          setLink(r);
        },
        onError: (e) => {
          const { titulo, mensagem } = erroDoClube(e);
          toast.error(titulo, { description: mensagem });
        },
      },
    );
  };

  const acessar = (url: string) => {
    // Not 'noopener' in the features: with it window.open always answers null and a blocked
    // pop-up could not be told apart. The opener is cut right after instead.
    const janela = window.open(url, '_blank');
    if (janela) {
      janela.opener = null;
      return;
    }
    // The link moves to 'Pop-up Bloqueado'; the consent dialog closes (and forgets it).
    abrirTermo(false);
    setBloqueado(url);
  };

  return (
    <>
      <Card aria-labelledby="clube-titulo" className="max-w-2xl space-y-4">
        <CardIconTitle id="clube-titulo" icone={<Gift aria-hidden="true" className="size-6" />}>
          {parceiro}
        </CardIconTitle>
        <p className="text-slate-700">
          Vantagens e descontos oferecidos pelo nosso parceiro. O acesso é feito no site do parceiro, depois da sua
          ciência sobre o compartilhamento de dados.
        </p>
        <Button onClick={() => abrirTermo(true)}>
          Acessar Clube de Benefícios
          <ExternalLink aria-hidden="true" />
        </Button>
      </Card>

      <Dialog open={aberto} onOpenChange={abrirTermo}>
        <DialogContent>
          <DialogTitle>{TERMO_CLUBE.titulo}</DialogTitle>
          <DialogDescription className="sr-only">
            Seu nome completo e seu CPF serão compartilhados com {parceiro}.
          </DialogDescription>
          <div className="mt-3 space-y-3 text-slate-800">
            {textoTermoClube(parceiro).map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          {link ? (
            <div className="mt-5 space-y-4" role="status">
              <p className="font-semibold text-emerald-800">Ciência registrada. O link de acesso está pronto.</p>
              <ProtocoloInfo protocolo={link.protocolo} />
              <Button ref={abrirRef} block onClick={() => acessar(link.webSmartLink)}>
                Abrir o Clube de Benefícios
                <ExternalLink aria-hidden="true" />
                <span className="sr-only"> (abre em nova aba)</span>
              </Button>
            </div>
          ) : (
            <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline">Cancelar</Button>
              </DialogClose>
              <Button onClick={ok} disabled={gerar.isPending} aria-busy={gerar.isPending || undefined}>
                {gerar.isPending ? 'Gerando...' : 'OK'}
              </Button>
            </div>
          )}
        </DialogContent>
      </Dialog>

      <Dialog open={bloqueado !== null} onOpenChange={(v) => !v && setBloqueado(null)}>
        <DialogContent>
          <DialogTitle>Pop-up Bloqueado</DialogTitle>
          <DialogDescription>
            O navegador bloqueou a nova aba. Use o link abaixo para acessar o clube de benefícios.
          </DialogDescription>
          {bloqueado ? (
            <a
              href={bloqueado}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => setBloqueado(null)}
              className="mt-4 inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 underline underline-offset-4"
            >
              <span>
                {enderecoVisivel(bloqueado).host}
                <wbr />
                {enderecoVisivel(bloqueado).caminho}
              </span>
              <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only"> (abre em nova aba)</span>
            </a>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The partner address without its one-time token: what the member reads in 'Pop-up Bloqueado'. */
function enderecoVisivel(url: string): { host: string; caminho: string } {
  const u = new URL(url);
  return { host: u.host, caminho: u.pathname };
}
