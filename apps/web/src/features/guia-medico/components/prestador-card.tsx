import type { Prestador } from '@portal/contract';
import { MapPin, Phone } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { endereco, formatarCep, telefone } from '../formatar';
import { SelosDoCartao } from './selos';

interface PrestadorCardProps {
  prestador: Prestador;
  especialidade: string;
  onDetalhes: (origem: HTMLElement) => void;
}

/** docs/produto/guia-medico.md "Screens" result card: name, specialty badge, up to 2 seals and '+N', each location's address, CEP and phone. */
export function PrestadorCard({ prestador: p, especialidade, onDetalhes }: PrestadorCardProps) {
  const tituloId = `prestador-${p.codigo}-${especialidade.replace(/\W+/g, '-')}`;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm [contain-intrinsic-size:auto_14rem] [content-visibility:auto] sm:p-5">
      <article aria-labelledby={tituloId} className="flex h-full flex-col items-start gap-3">
        <div className="flex w-full flex-wrap items-start justify-between gap-2">
          <h3 id={tituloId} className="text-lg font-bold leading-snug text-slate-900">
            {p.nome}
          </h3>
          <Badge>{especialidade}</Badge>
        </div>
        <SelosDoCartao selos={p.selos} />
        <ul className="space-y-2">
          {p.locaisAtendimento.map((l, i) => {
            const fone = telefone(l.fone);
            return (
              <li key={`${l.cnpj}-${l.rua}-${i}`} className="flex gap-2 text-slate-800">
                <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0 text-brand-700" />
                <div className="min-w-0">
                  {l.nomeFantasia && l.nomeFantasia !== p.nome ? (
                    <p className="font-semibold text-slate-900">{l.nomeFantasia}</p>
                  ) : null}
                  <p className="break-words">{endereco(l)}</p>
                  <p className="flex flex-wrap gap-x-4 text-[15px] text-slate-700">
                    <span>CEP {formatarCep(l.cep)}</span>
                    {fone.href ? (
                      <a
                        href={fone.href}
                        className="inline-flex items-center gap-1 text-brand-800 underline underline-offset-2"
                      >
                        <Phone aria-hidden="true" className="size-4" />
                        <span className="sr-only">Telefone </span>
                        {fone.texto}
                      </a>
                    ) : (
                      <span>Telefone {fone.texto}</span>
                    )}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
        <Button variant="outline" size="sm" className="mt-auto" onClick={(e) => onDetalhes(e.currentTarget)}>
          Ver detalhes<span className="sr-only"> de {p.nome}</span>
        </Button>
      </article>
    </li>
  );
}
