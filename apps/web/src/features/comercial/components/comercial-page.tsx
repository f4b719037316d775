import { ArrowRight, Bone, Siren, UserPlus } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardIconTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { SoComPlanoAtivo } from '@/components/membro/plano-cancelado';
import { useSituacaoDoPlano } from '@/lib/api/situacao-do-plano';

// The dependents form (react-hook-form, the contract's zod schemas, masks) loads when the dialog
// opens: the page itself is three cards, and stays within its JavaScript budget.
const DependentesDialogBody = lazy(() =>
  import('./dependentes-dialog').then((m) => ({ default: m.DependentesDialogBody })),
);

/** Área Comercial (docs/produto/comercial.md, "Screens"): three cards. */
export function ComercialPage() {
  const situacao = useSituacaoDoPlano();
  return (
    <div>
      <PageHeader title="Comercial" />
      <SoComPlanoAtivo
        situacao={situacao}
        motivo="Novas contratações e inclusões de dependentes são para planos ativos."
      >
        <ul className="grid max-w-5xl gap-4 md:grid-cols-2">
          <Cartao
            id="card-dependentes"
            icone={<UserPlus aria-hidden="true" className="size-6" />}
            titulo="Adicionar Dependentes"
            texto="Solicite a inclusão de até 5 dependentes no seu contrato."
          >
            <Dialog>
              <DialogTrigger asChild>
                <Button aria-describedby="card-dependentes-texto">
                  Adicionar Dependentes
                  <ArrowRight aria-hidden="true" />
                </Button>
              </DialogTrigger>
              <DialogContent className="max-w-2xl">
                <Suspense
                  fallback={
                    <>
                      <DialogTitle>Adicionar Dependentes</DialogTitle>
                      <Spinner className="py-10" label="Carregando formulário..." />
                    </>
                  }
                >
                  <DependentesDialogBody />
                </Suspense>
              </DialogContent>
            </Dialog>
          </Cartao>
          <Cartao
            id="card-sos"
            icone={<Siren aria-hidden="true" className="size-6" />}
            titulo="Contratar SOS"
            texto="Atendimento pré-hospitalar de urgência e emergência."
          >
            <Link to="/contratar-sos" className={buttonVariants()} aria-describedby="card-sos-texto">
              Contratar SOS
              <ArrowRight aria-hidden="true" />
            </Link>
          </Cartao>
          <Cartao
            id="card-ortopedico"
            icone={<Bone aria-hidden="true" className="size-6" />}
            titulo="Contratar Plano Ortopédico"
            texto="Cobertura ortopédica adicional para você e sua família."
          >
            <Link to="/ortopedico" className={buttonVariants()} aria-describedby="card-ortopedico-texto">
              Contratar Plano Ortopédico
              <ArrowRight aria-hidden="true" />
            </Link>
          </Cartao>
        </ul>
      </SoComPlanoAtivo>
    </div>
  );
}

function Cartao({
  id,
  icone,
  titulo,
  texto,
  children,
}: {
  id: string;
  icone: ReactNode;
  titulo: string;
  texto: string;
  children: ReactNode;
}) {
  return (
    <li>
      <Card aria-labelledby={id} className="flex h-full flex-col gap-4">
        <CardIconTitle id={id} icone={icone}>
          {titulo}
        </CardIconTitle>
        <p id={`${id}-texto`} className="flex-1 text-slate-700">
          {texto}
        </p>
        <div>{children}</div>
      </Card>
    </li>
  );
}
