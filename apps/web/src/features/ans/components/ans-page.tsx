import { formatCnpj, onlyDigits } from '@portal/br';
import { Building2, Landmark, ShieldCheck } from 'lucide-react';
import { CartaoDeDados, LinhaDeDados } from '@/components/cartao-de-dados';
import { LinkExterno } from '@/components/link-externo';
import { PageHeader } from '@/components/page-header';
import { operadora } from '@/lib/operadora';

/** docs/produto/informacoes.md "Limits": the normative reference shown on the ANS page. */
export const REFERENCIA_NORMATIVA = 'RN 593/2023';

const LINK = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900';

/** docs/produto/informacoes.md "ANS page": regulator hotline, website, inspection offices, privacy policy, normative reference. */
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
        <CartaoDeDados titulo="Fale com a ANS" icone={Landmark}>
          <LinhaDeDados rotulo="Disque ANS">
            <a href={`tel:${onlyDigits(o.disqueAns)}`} className={`${LINK} tabular-nums`}>
              {o.disqueAns}
            </a>
          </LinhaDeDados>
          <LinhaDeDados rotulo="Site da ANS">
            <LinkExterno href={o.links.ans} className={LINK}>
              Acessar o site da ANS
            </LinkExterno>
          </LinhaDeDados>
          <LinhaDeDados rotulo="Núcleos da ANS">
            <LinkExterno href={o.links.nucleosAns} className={LINK}>
              Núcleos de atendimento e fiscalização da ANS
            </LinkExterno>
          </LinhaDeDados>
        </CartaoDeDados>
        <CartaoDeDados titulo="Operadora" icone={Building2}>
          <LinhaDeDados rotulo="Registro ANS da operadora">
            <span className="font-semibold tabular-nums text-slate-900">nº {o.registroAns}</span>
          </LinhaDeDados>
          <LinhaDeDados rotulo="Razão social">{o.razaoSocial}</LinhaDeDados>
          <LinhaDeDados rotulo="CNPJ">
            <span className="tabular-nums">{formatCnpj(o.cnpj)}</span>
          </LinhaDeDados>
        </CartaoDeDados>
        <CartaoDeDados titulo="Privacidade e normas" icone={ShieldCheck}>
          <LinhaDeDados rotulo="Política de Privacidade">
            <LinkExterno href={o.links.politicaPrivacidade} className={LINK}>
              Política de Privacidade da {o.nome}
            </LinkExterno>
          </LinhaDeDados>
          <LinhaDeDados rotulo="Referência normativa">
            <span className="font-semibold text-slate-900">{REFERENCIA_NORMATIVA}</span>
          </LinhaDeDados>
        </CartaoDeDados>
      </div>
    </div>
  );
}
