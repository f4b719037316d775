import { formatBRL, formatDate } from '@portal/br';
import type { OfertaServico } from '@portal/contract';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { StepHeading } from '@/components/step-heading';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { totalDaContratacao } from './total';

interface PassoBeneficiariosProps {
  oferta: OfertaServico;
  nomeServico: string;
  selecionados: readonly string[];
  onSelecionados: (codigos: string[]) => void;
  aceito: boolean;
  onAceito: (aceito: boolean) => void;
  enviando: boolean;
  onContratar: () => void;
  focusOnMount: boolean;
}

/**
 * docs/produto/comercial.md "Screens" step 1: beneficiaries with checkboxes ('Já Possui' and a disabled box for holders), the
 * value per beneficiary, the validity start, the two documents, the accept box, the total,
 * Voltar and Contratar.
 */
export function PassoBeneficiarios(p: PassoBeneficiariosProps) {
  const { oferta } = p;
  const id = useId();
  const disponiveis = oferta.beneficiarios.filter((b) => !b.temAcessorioContratado);
  const alternar = (codigo: string, marcado: boolean) =>
    p.onSelecionados(marcado ? [...p.selecionados, codigo] : p.selecionados.filter((c) => c !== codigo));
  const total = totalDaContratacao(p.selecionados.length, oferta.valorParaContratacao);

  return (
    <div className="space-y-5">
      <StepHeading as="h2" focusOnMount={p.focusOnMount}>
        Beneficiários
      </StepHeading>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <dt className="text-sm font-medium text-slate-700">Valor por beneficiário</dt>
          <dd className="text-xl font-bold tabular-nums text-slate-900">{formatBRL(oferta.valorParaContratacao)}</dd>
        </div>
        <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <dt className="text-sm font-medium text-slate-700">Início da vigência</dt>
          <dd className="text-xl font-bold tabular-nums text-slate-900">
            {formatDate(oferta.dataInicioVigenciaAposContratacao)}
          </dd>
        </div>
      </dl>

      <fieldset className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <legend className="float-left w-full text-lg font-bold text-slate-900">Selecione os beneficiários</legend>
        {disponiveis.length === 0 ? (
          <Alert variant="info" className="clear-left mt-2">
            Todos os beneficiários do contrato já possuem o {p.nomeServico}.
          </Alert>
        ) : null}
        <ul className="clear-left mt-2 divide-y divide-slate-100">
          {oferta.beneficiarios.map((b) => {
            const cid = `${id}-${b.codigoBeneficiario}`;
            return (
              <li key={b.codigoBeneficiario} className="flex min-h-14 items-center gap-3 py-2">
                <Checkbox
                  id={cid}
                  checked={!b.temAcessorioContratado && p.selecionados.includes(b.codigoBeneficiario)}
                  disabled={b.temAcessorioContratado || p.enviando}
                  onCheckedChange={(v) => alternar(b.codigoBeneficiario, v === true)}
                  aria-describedby={b.temAcessorioContratado ? `${cid}-possui` : undefined}
                />
                <label
                  htmlFor={cid}
                  className={
                    b.temAcessorioContratado
                      ? 'flex-1 text-slate-700'
                      : 'flex-1 cursor-pointer font-medium text-slate-900'
                  }
                >
                  {b.nome}
                </label>
                {b.temAcessorioContratado ? (
                  <Badge id={`${cid}-possui`} variant="success">
                    Já Possui
                  </Badge>
                ) : null}
              </li>
            );
          })}
        </ul>
      </fieldset>

      <section
        aria-labelledby={`${id}-docs`}
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <h3 id={`${id}-docs`} className="text-lg font-bold text-slate-900">
          Documentos
        </h3>
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          <li>
            <DocLink href={oferta.linkTermoAdesao}>Termo de Adesão</DocLink>
          </li>
          <li>
            <DocLink href={oferta.linkContrato}>Contrato</DocLink>
          </li>
        </ul>
        <div className="mt-4 flex min-h-11 items-center gap-3">
          <Checkbox
            id={`${id}-aceite`}
            checked={p.aceito}
            disabled={p.enviando}
            onCheckedChange={(v) => p.onAceito(v === true)}
          />
          <label htmlFor={`${id}-aceite`} className="cursor-pointer text-slate-900">
            Li e aceito o Termo de Adesão e o Contrato.
          </label>
        </div>
      </section>

      <p className="text-lg text-slate-900" aria-live="polite">
        <span className="font-semibold">Total:</span> <span className="font-bold tabular-nums">{formatBRL(total)}</span>{' '}
        <span className="text-base text-slate-700">
          ({p.selecionados.length} × {formatBRL(oferta.valorParaContratacao)})
        </span>
      </p>

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
        <Link to="/comercial" className={buttonVariants({ variant: 'outline' })}>
          <ArrowLeft aria-hidden="true" />
          Voltar
        </Link>
        <Button
          onClick={p.onContratar}
          disabled={p.enviando || disponiveis.length === 0}
          aria-busy={p.enviando || undefined}
        >
          {p.enviando ? 'Enviando código...' : 'Contratar'}
        </Button>
      </div>
    </div>
  );
}

function DocLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
    >
      {children}
      <ExternalLink aria-hidden="true" className="size-4" />
      <span className="sr-only"> (abre em nova aba)</span>
    </a>
  );
}
