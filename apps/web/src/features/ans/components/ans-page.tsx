import { formatCnpj, onlyDigits } from '@portal/br';
import { Building2, Landmark, ShieldCheck, type LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { LinkExterno } from '@/components/link-externo';
import { PageHeader } from '@/components/page-header';
import { Card, CardTitle } from '@/components/ui/card';
import { operadora } from '@/lib/operadora';

/** Spec 9: the normative reference shown on the ANS page. */
export const REFERENCIA_NORMATIVA = 'RN 593/2023';

const LINK = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900';

/** Spec 2 'ANS page': regulator hotline, website, inspection offices, privacy policy, normative reference. */
export function AnsPage() {
  const o = operadora();
  return (
    <div>
      <PageHeader title="Dados ANS">
        <p className="max-w-3xl text-slate-700">
          A Agência Nacional de Saúde Suplementar (ANS) é a agência reguladora dos planos de saúde no Brasil. Aqui estão
          os dados da operadora junto à ANS e os canais para falar com ela.
        </p>
      </PageHeader>
      <div className="grid items-start gap-5 xl:grid-cols-2">
        <Cartao titulo="Fale com a ANS" icone={Landmark}>
          <Linha rotulo="Disque ANS">
            <a href={`tel:${onlyDigits(o.disqueAns)}`} className={`${LINK} tabular-nums`}>
              {o.disqueAns}
            </a>
          </Linha>
          <Linha rotulo="Site da ANS">
            <LinkExterno href={o.links.ans} className={LINK}>
              Acessar o site da ANS
            </LinkExterno>
          </Linha>
          <Linha rotulo="Núcleos da ANS">
            <LinkExterno href={o.links.nucleosAns} className={LINK}>
              Núcleos de atendimento e fiscalização da ANS
            </LinkExterno>
          </Linha>
        </Cartao>
        <Cartao titulo="Operadora" icone={Building2}>
          <Linha rotulo="Registro ANS da operadora">
            <span className="font-semibold tabular-nums text-slate-900">nº {o.registroAns}</span>
          </Linha>
          <Linha rotulo="Razão social">{o.razaoSocial}</Linha>
          <Linha rotulo="CNPJ">
            <span className="tabular-nums">{formatCnpj(o.cnpj)}</span>
          </Linha>
        </Cartao>
        <Cartao titulo="Privacidade e normas" icone={ShieldCheck}>
          <Linha rotulo="Política de Privacidade">
            <LinkExterno href={o.links.politicaPrivacidade} className={LINK}>
              Política de Privacidade da {o.nome}
            </LinkExterno>
          </Linha>
          <Linha rotulo="Referência normativa">
            <span className="font-semibold text-slate-900">{REFERENCIA_NORMATIVA}</span>
          </Linha>
        </Cartao>
      </div>
    </div>
  );
}

function Cartao({ titulo, icone: Icone, children }: { titulo: string; icone: LucideIcon; children: ReactNode }) {
  const id = useId();
  return (
    <Card aria-labelledby={id}>
      <div className="flex items-center gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icone aria-hidden="true" className="size-6" />
        </span>
        <CardTitle id={id}>{titulo}</CardTitle>
      </div>
      <dl className="mt-4 divide-y divide-slate-200">{children}</dl>
    </Card>
  );
}

function Linha({ rotulo, children }: { rotulo: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2.5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-4">
      <dt className="text-sm font-medium text-slate-700 sm:text-[15px]">{rotulo}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
