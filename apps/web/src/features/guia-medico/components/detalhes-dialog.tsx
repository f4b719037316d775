import { formatCnpj } from '@portal/br';
import type { LocalAtendimento, Prestador } from '@portal/contract';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { endereco, formatarCep, linkDoSite, rotuloDoRegistro, telefone } from '../formatar';
import { SelosCompletos } from './selos';

export interface Detalhe {
  prestador: Prestador;
  especialidade: string;
  /** Where the focus goes back when the dialog closes (the card's button that opened it). */
  origem?: HTMLElement;
}

const NAO_INFORMADO = 'Não informado';

function Campo({ rotulo, children }: { rotulo: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-slate-700">{rotulo}</dt>
      <dd className="break-words text-slate-900">{children || NAO_INFORMADO}</dd>
    </div>
  );
}

function Local({ local: l, numero, total }: { local: LocalAtendimento; numero: number; total: number }) {
  const fone = telefone(l.fone);
  const site = linkDoSite(l.site);
  return (
    <section aria-label={total > 1 ? `Local de atendimento ${numero} de ${total}` : 'Local de atendimento'}>
      <h4 className="font-bold text-slate-900">{l.nomeFantasia || `Local de atendimento ${numero}`}</h4>
      <dl className="mt-2 grid gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-2">
        <Campo rotulo="Nome fantasia">{l.nomeFantasia}</Campo>
        <Campo rotulo="Razão social">{l.razaoSocial}</Campo>
        <Campo rotulo="CNPJ">{l.cnpj ? <span className="tabular-nums">{formatCnpj(l.cnpj)}</span> : null}</Campo>
        <Campo rotulo="Tipo de estabelecimento">{l.tipoEstabelecimento}</Campo>
        <Campo rotulo="Endereço">{endereco(l)}</Campo>
        <Campo rotulo="CEP">{l.cep ? formatarCep(l.cep) : null}</Campo>
        <Campo rotulo="Telefone">
          {fone.href ? (
            <a href={fone.href} className="text-brand-800 underline underline-offset-2">
              {fone.texto}
            </a>
          ) : (
            fone.texto
          )}
        </Campo>
        <Campo rotulo="Site">
          {site ? (
            <a
              href={site}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 break-all text-brand-800 underline underline-offset-2"
            >
              {l.site}
              <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only"> (abre em nova aba)</span>
            </a>
          ) : null}
        </Campo>
      </dl>
    </section>
  );
}

/** docs/produto/guia-medico.md "Screens": every field of docs/produto/guia-medico.md "Data" provider and its locations. */
export function DetalhesDialog({
  detalhe,
  aberto,
  onClose,
}: {
  detalhe: Detalhe | null;
  aberto: boolean;
  onClose: () => void;
}) {
  const p = detalhe?.prestador;
  const origem = detalhe?.origem;
  return (
    <Dialog open={aberto && detalhe !== null} onOpenChange={(aberto) => (aberto ? undefined : onClose())}>
      <DialogContent
        className="sm:max-w-2xl"
        onCloseAutoFocus={(e) => {
          if (!origem?.isConnected) return;
          e.preventDefault();
          origem.focus();
        }}
      >
        <DialogTitle>Detalhes do credenciado</DialogTitle>
        {p ? (
          <>
            <DialogDescription className="mt-2 text-lg font-semibold text-slate-900">{p.nome}</DialogDescription>
            <div className="mt-4 space-y-5">
              <div className="flex flex-wrap items-center gap-3">
                <Badge>{detalhe.especialidade}</Badge>
              </div>
              <dl className="grid gap-3 sm:grid-cols-2">
                <Campo rotulo="Nome">{p.nome}</Campo>
                <Campo rotulo={rotuloDoRegistro(p.nroRegistro)}>{p.nroRegistro}</Campo>
              </dl>
              <section aria-labelledby="detalhes-selos">
                <h3 id="detalhes-selos" className="mb-2 font-bold text-slate-900">
                  Selos de qualidade
                </h3>
                <SelosCompletos selos={p.selos} />
              </section>
              <section aria-labelledby="detalhes-locais" className="space-y-4">
                <h3 id="detalhes-locais" className="font-bold text-slate-900">
                  {p.locaisAtendimento.length > 1 ? 'Locais de atendimento' : 'Local de atendimento'}
                </h3>
                {p.locaisAtendimento.map((l, i) => (
                  <Local key={`${l.cnpj}-${l.rua}-${i}`} local={l} numero={i + 1} total={p.locaisAtendimento.length} />
                ))}
              </section>
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
